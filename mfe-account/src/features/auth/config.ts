import type { AccountConfigResponse } from '@store/contracts';

let config: Promise<AccountConfigResponse> | undefined;

/** The identity settings from the API (GET /api/account/config), fetched once per page. */
export function getAccountConfig(): Promise<AccountConfigResponse> {
  config ??= fetch('/api/account/config', { headers: { accept: 'application/json' } }).then(async (response) => {
    if (!response.ok) throw new Error(`GET /api/account/config: ${response.status}`);
    return (await response.json()) as AccountConfigResponse;
  });
  config.catch(() => {
    config = undefined;
  });
  return config;
}
