/** Authenticated JSON calls to the API (Authorization: Bearer <ID token> from the session). */
import { session } from '@store/shared-events';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function apiFetch<T>(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const token = await session.getIdToken();
  if (!token) throw new ApiError(401, 'Unauthorized', 'Not signed in.');
  const response = await fetch(url, {
    method,
    signal,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json().catch(() => ({}))) as { error?: string; message?: string };
  if (!response.ok) throw new ApiError(response.status, json.error ?? 'Error', json.message ?? `HTTP ${response.status}`);
  return json as T;
}
