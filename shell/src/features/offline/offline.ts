/**
 * Registers the offline helper (/sw.js) once the page has loaded, and reloads the page when an
 * updated worker takes control. The first install (no controller before) does not reload.
 */
export const SW_URL = '/sw.js';

export function registerServiceWorker(nav: Navigator = navigator, reload: () => void = () => window.location.reload()): void {
  if (!('serviceWorker' in nav)) return;
  const container = nav.serviceWorker;
  let hadController = Boolean(container.controller);
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!hadController) {
      hadController = true;
      return;
    }
    if (reloading) return;
    reloading = true;
    reload();
  });
  const register = () => {
    container.register(SW_URL, { scope: '/' }).catch((error: unknown) => console.warn('[shell] service worker not registered', error));
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
