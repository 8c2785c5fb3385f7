/**
 * Bot-check tokens through the reCAPTCHA v3 window API (`grecaptcha.ready` / `execute`). The
 * script URL and site key come from GET /api/botcheck/config (the local stand-in by default; real
 * keys replace it by configuration).
 */
import { api } from './api';

interface Grecaptcha {
  ready(cb: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

let loading: Promise<{ grecaptcha: Grecaptcha; siteKey: string }> | null = null;

function load(): Promise<{ grecaptcha: Grecaptcha; siteKey: string }> {
  loading ??= api
    .get('/api/botcheck/config')
    .then(
      ({ siteKey, scriptUrl }) =>
        new Promise<{ grecaptcha: Grecaptcha; siteKey: string }>((resolve, reject) => {
          const w = window as unknown as { grecaptcha?: Grecaptcha };
          const done = () => w.grecaptcha!.ready(() => resolve({ grecaptcha: w.grecaptcha!, siteKey }));
          if (w.grecaptcha) return done();
          const script = document.createElement('script');
          script.src = `${scriptUrl}?render=${encodeURIComponent(siteKey)}`;
          script.async = true;
          script.onload = done;
          script.onerror = () => reject(new Error('The bot check could not be loaded.'));
          document.head.appendChild(script);
        }),
    );
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

export async function botCheckToken(action: string): Promise<string> {
  const { grecaptcha, siteKey } = await load();
  return grecaptcha.execute(siteKey, { action });
}
