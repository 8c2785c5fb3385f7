/** ./service: the account's background service, started by the shell on every page. */
export * from '../app/service';
