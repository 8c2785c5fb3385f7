// webpack's chunk-loading nonce (CSP): chunks this build loads get the page's script
// nonce. Not required under 'strict-dynamic' (scripts created by trusted scripts are trusted), but
// it keeps the chunks loadable under a nonce-only policy. Browsers hide the nonce attribute's
// value: read the `nonce` property of a script the edge stamped.
declare let __webpack_nonce__: string | undefined;
const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce || document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
if (nonce) __webpack_nonce__ = nonce;

// Async boundary: the federation runtime negotiates shared singletons before the root config runs.
// The start-up is spread over several tasks, so a phone's main thread is never held for long at a
// time (blocking time): the runtime's set-up, then React DOM's evaluation (the largest
// module), the bus, emotion, the remotes' lifecycle helpers and React Router, then the root config,
// each in a task of its own. Each import evaluates its shared module once; the root config and the
// chrome then find them ready.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const steps = [
  () => import('react-dom/client'),
  () => import('@store/shared-events'),
  () => import('@emotion/react'),
  () => import('@store/shared-events/remote'),
  () => import('react-router'),
];
void (async () => {
  for (const step of steps) {
    await nextTask();
    await step();
  }
  await nextTask();
  await import('./bootstrap');
})();
