/**
 * Authenticated calls to the account API through the typed client (@store/contracts/http): the
 * session's ID token is required (`auth: 'required'`: without one, ApiError 401 "Not signed in."
 * and no request); a non-2xx answer rejects with ApiError (status, code from body.error, message).
 */
import { ApiError, createApiClient, type ApiInit } from '@store/contracts/http';
import { session } from '@store/shared-events';

export { ApiError };

export const api = createApiClient({ idToken: () => session.getIdToken() });

/** What POST /api/account/addresses and PUT /api/account/addresses/{id} take. */
export type AddressWrite = NonNullable<ApiInit<'post', '/api/account/addresses'>['body']>;

export const accountAddresses = () => api.get('/api/account/addresses', { auth: 'required' });
/** Adds an address (no id) or replaces address `id`; answers the address book. */
export const saveAddress = (body: AddressWrite, id?: string) =>
  id ? api.put('/api/account/addresses/{id}', { params: { path: { id } }, body, auth: 'required' }) : api.post('/api/account/addresses', { body, auth: 'required' });
export const deleteAddress = (id: string) => api.delete('/api/account/addresses/{id}', { params: { path: { id } }, auth: 'required' });
