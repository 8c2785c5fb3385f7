/**
 * Calls to the checkout API through the typed client (@store/contracts/http: paths, bodies and
 * answers from the OpenAPI document the API publishes). `auth: true` sends the session's ID token
 * when signed in; a non-2xx answer rejects with ApiError (status, code, message, body).
 */
import type { CheckoutInfoRequest, CheckoutInfoResponse, OrderPlaceRequest, OrderPlaceResponse, OrderView, ReturnableOrder, ReturnCreateRequest, ReturnCreateResponse, VoucherBalanceResponse } from '@store/contracts';
import { ApiError, createApiClient, type ApiData } from '@store/contracts/http';
import { session } from '@store/shared-events';

export { ApiError };

export const api = createApiClient({ idToken: () => session.getIdToken() });

export const checkoutInfo = (request: CheckoutInfoRequest, signal?: AbortSignal): Promise<CheckoutInfoResponse> => api.post('/api/checkout/info', { body: request, signal, auth: true });

export const placeOrder = (request: OrderPlaceRequest, idempotencyKey: string): Promise<OrderPlaceResponse> =>
  api.post('/api/order/place', { body: request, params: { header: { 'idempotency-key': idempotencyKey } }, auth: true });

export const completeAfterpay = (token: string, amount: number): Promise<OrderPlaceResponse> => api.post('/api/order/afterpay/complete', { body: { token, amount } });

export const readOrder = (number: string, token: string): Promise<OrderView> => api.get('/api/orders/{number}', { params: { path: { number }, query: { token } } });

export const lookupOrder = (number: string, email: string): Promise<OrderView & { token: string }> => api.post('/api/orders/lookup', { body: { number, email } });

export const voucherBalance = (code: string, pin: string, recaptchaToken: string): Promise<VoucherBalanceResponse> =>
  api.get('/api/payment/voucher/balance/{code}', { params: { path: { code }, query: { pin, recaptchaToken } } });

/** The signed-in customer's saved cards (the ID token is sent; a guest gets 401). */
export const savedCards = () => api.get('/api/account/payment-methods', { auth: true });
export const deleteSavedCard = (id: string) => api.delete('/api/account/payment-methods/{id}', { params: { path: { id } }, auth: true });
/** The signed-in customer's address book (the account API, GET /api/account/addresses; a guest gets 401). */
export const accountAddresses = () => api.get('/api/account/addresses', { auth: true });
/** The signed-in customer's details (GET /api/account): the contact step's prefill. */
export const accountDetails = () => api.get('/api/account', { auth: true });
export const setDefaultSavedCard = (id: string) => api.post('/api/account/payment-methods/{id}/default', { params: { path: { id } }, auth: true });

/** A click-and-collect store of GET /api/checkout/pickup-stores. */
export type PickupStoreOption = ApiData<'get', '/api/checkout/pickup-stores'>['stores'][number];
export const pickupStores = (postcode?: string) => api.get('/api/checkout/pickup-stores', { params: { query: { postcode: postcode || undefined } } });

/** Returns (contracts/src/returns.ts): guest lookup, the token holder's view, the account's token, creation. */
export const returnLookup = (number: string, email: string): Promise<ReturnableOrder> => api.post('/api/returns/lookup', { body: { number, email } });
export const returnOrder = (number: string, token: string): Promise<ReturnableOrder> => api.get('/api/returns/orders/{number}', { params: { path: { number }, query: { token } } });
export const accountReturnToken = (number: string) => api.get('/api/account/orders/{number}/return-token', { params: { path: { number } }, auth: true });
export const createReturn = (request: ReturnCreateRequest): Promise<ReturnCreateResponse> => api.post('/api/returns', { body: request });

/** The signed-in customer's orders (GET /api/account/orders) and one of them. */
export type AccountOrderSummary = ApiData<'get', '/api/account/orders'>['orders'][number];
export const accountOrders = () => api.get('/api/account/orders', { auth: true });
export const accountOrder = (number: string): Promise<OrderView> => api.get('/api/account/orders/{number}', { params: { path: { number } }, auth: true });
