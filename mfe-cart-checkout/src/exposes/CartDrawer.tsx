/** ./CartDrawer: the cart drawer the shell opens from the header. */
export { default } from '../features/cart/CartDrawer';
