/** ./AccountPaymentMethods: the saved cards fragment the account remote shows at /account/payment-methods. */
export * from '../features/payment-methods/AccountPaymentMethods';
export { default } from '../features/payment-methods/AccountPaymentMethods';
