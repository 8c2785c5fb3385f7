/**
 * The checkout feature's public face (what src/app routes): the three steps, the layout around
 * them and the guard that sends a shopper back to the step they still need. Inside: steps/ (the
 * step pages), payment/ (cards, gift cards, placing the order), addresses/ (the address form and
 * saved addresses).
 */
export { CheckoutLayout } from './Layout';
export { guard, type Step } from './guards';
export { ContactStep } from './steps/ContactStep';
export { PaymentStep } from './steps/PaymentStep';
export { ShippingStep } from './steps/ShippingStep';
