import type { AccountConfigResponse } from '@store/contracts';
import { api } from '../api';

let config: Promise<AccountConfigResponse> | undefined;

/** The identity settings from the API (GET /api/account/config), fetched once per page. */
export function getAccountConfig(): Promise<AccountConfigResponse> {
  config ??= api.get('/api/account/config');
  config.catch(() => {
    config = undefined;
  });
  return config;
}
