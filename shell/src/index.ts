// webpack's chunk-loading nonce (issue 13, CSP): chunks this build loads get the page's script
// nonce. Not required under 'strict-dynamic' (scripts created by trusted scripts are trusted), but
// it keeps the chunks loadable under a nonce-only policy. Browsers hide the nonce attribute's
// value: read the `nonce` property of a script the edge stamped.
declare let __webpack_nonce__: string | undefined;
const nonce = (document.currentScript as HTMLScriptElement | null)?.nonce || document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
if (nonce) __webpack_nonce__ = nonce;

// Async boundary: the federation runtime negotiates shared singletons before the root config runs.
import('./bootstrap');
