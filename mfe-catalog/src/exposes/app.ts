/** ./app: the single-spa lifecycles (bootstrap, mount, unmount) and the link prefetch the shell calls. */
export * from '../app/lifecycles';
