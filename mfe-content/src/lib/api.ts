/**
 * The API through the typed client (@store/contracts/http, generated from the OpenAPI document the
 * API publishes). The pages' answers are keyed by URL (the server render's route data, the route
 * payload): lib/apiUrls.ts makes those URLs with `apiUrl`, and `api.getUrl` fetches one.
 */
import { ApiError, createApiClient, isNotFound } from '@store/contracts/http';

export { ApiError, isNotFound };

export const api = createApiClient();
