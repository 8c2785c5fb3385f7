/** ./AccountOrders: the orders fragment the account remote shows at /account/orders. */
export { default } from '../app/AccountOrders';
