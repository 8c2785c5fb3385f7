import { defineRemoteApp } from '@store/shared-events/remote';
import { App } from './App';

/** single-spa lifecycles of the account remote (the shell passes each mount its own element). */
export const { bootstrap, mount, unmount } = defineRemoteApp({ name: 'account', rootComponent: App });
