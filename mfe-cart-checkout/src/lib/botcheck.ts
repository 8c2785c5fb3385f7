/** Bot-check tokens (reCAPTCHA v3 protocol): loads the provider script once, then execute(action). */
import { api } from './api';

interface Grecaptcha {
  ready(cb: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

let loading: Promise<{ g: Grecaptcha; siteKey: string }> | null = null;

function load(): Promise<{ g: Grecaptcha; siteKey: string }> {
  loading ??= (async () => {
    const config = await api.get('/api/botcheck/config');
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `${config.scriptUrl}?render=${encodeURIComponent(config.siteKey)}`;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('bot-check script failed to load'));
      document.head.appendChild(script);
    });
    const g = (window as unknown as { grecaptcha: Grecaptcha }).grecaptcha;
    await new Promise<void>((resolve) => g.ready(resolve));
    return { g, siteKey: config.siteKey };
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export async function botCheckToken(action: string): Promise<string> {
  const { g, siteKey } = await load();
  return g.execute(siteKey, { action });
}
