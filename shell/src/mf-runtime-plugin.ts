import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Federation runtime plugin of the shell: one quick retry for a manifest or entry that failed to
 * fetch (a blip during a deploy), then give up so the shell shows the remote's fallback.
 */
const RETRY_DELAY_MS = 300;

export default function shellRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-retry-once',
    async fetch(url: string, init?: RequestInit) {
      try {
        const response = await fetch(url, init);
        if (response.ok || response.status === 404) return response;
        throw new Error(`${url} answered ${response.status}`);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
        return fetch(url, { ...init, cache: 'no-cache' });
      }
    },
  };
}
