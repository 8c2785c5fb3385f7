/** The synced account state's API backend (see ./synced-state.ts). Part of the shared singleton: fetch only. */
import type { ApiPaths } from '@store/contracts/http';
import { isRecord, normaliseSyncedState, SyncConflictError, type SyncedState, type SyncedStateBackend } from './synced-state-model';

/**
 * The wire bodies, from the OpenAPI document's generated types (types only: nothing of
 * @store/contracts is bundled). The answer is still checked at run time: this singleton may meet an
 * API older or newer than itself.
 */
type StateRequest = NonNullable<ApiPaths['/api/account/state']['put']['requestBody']>['content']['application/json'];
type StateAnswer = ApiPaths['/api/account/state']['get']['responses'][200]['content']['application/json'];

/** The API backend: GET/PUT /api/account/state with the session's ID token. */
export function createApiSyncedBackend(options: {
  getIdToken: () => Promise<string | null>;
  baseUrl?: string;
  fetch?: typeof fetch;
}): SyncedStateBackend {
  const url = `${options.baseUrl ?? ''}/api/account/state`;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const headers = async (): Promise<Record<string, string>> => {
    const token = await options.getIdToken();
    if (!token) throw new Error('Not signed in.');
    return { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
  };
  const fromWire = (body: unknown): SyncedState => {
    // the field names are the document's; their values are normalised (and checked) below
    const wire = isRecord(body) && isRecord(body.state) ? (body.state as Partial<StateAnswer['state']>) : undefined;
    if (!wire) throw new Error('Malformed synced state response.');
    return normaliseSyncedState({ ...wire, version: wire.syncableStateVersion });
  };
  return {
    async fetch() {
      const response = await doFetch(url, { headers: await headers() });
      if (!response.ok) throw new Error(`GET /api/account/state failed: ${response.status}`);
      return fromWire(await response.json());
    },
    async put(next) {
      const response = await doFetch(url, {
        method: 'PUT',
        headers: await headers(),
        body: JSON.stringify({ syncableStateVersion: next.version, cart: next.cart, wishlist: next.wishlist } satisfies StateRequest),
      });
      if (response.status === 409) throw new SyncConflictError();
      if (!response.ok) throw new Error(`PUT /api/account/state failed: ${response.status}`);
      return fromWire(await response.json());
    },
  };
}
