/** ./SearchOverlay: the search overlay the shell opens from the header. */
export * from '../features/search/SearchOverlay';
export { default } from '../features/search/SearchOverlay';
