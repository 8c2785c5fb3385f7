export { setCheckout } from './state';
export { useCheckoutState as useCheckoutStateHook } from './useCheckout';
