import { defineRemoteApp } from '@store/shared-events/remote';
import { Chrome } from './Chrome';

/**
 * The always-active chrome application. Built with the same lifecycle factory as the remotes, so
 * the shell provides `@store/shared-events/remote` (and single-spa-react) to them; the root config
 * passes the overlays element as `domElement`.
 */
export const { bootstrap, mount, unmount } = defineRemoteApp({ name: 'chrome', rootComponent: Chrome });
