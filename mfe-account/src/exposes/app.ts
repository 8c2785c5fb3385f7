/** ./app: the single-spa lifecycles (bootstrap, mount, unmount) the shell calls. */
export * from '../app/lifecycles';
