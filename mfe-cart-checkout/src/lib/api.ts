/** Calls to the checkout API (bodies from @store/contracts). */
import type { AccountAddressesResponse, AccountResponse, CheckoutInfoRequest, CheckoutInfoResponse, OrderPlaceRequest, OrderPlaceResponse, OrderView, ReturnableOrder, ReturnCreateRequest, ReturnCreateResponse, SavedPaymentMethodsResponse, VoucherBalanceResponse } from '@store/contracts';
import { session } from '@store/shared-events';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function call<T>(url: string, init: RequestInit & { auth?: boolean } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  if (init.body) headers.set('content-type', 'application/json');
  if (init.auth) {
    const token = await session.getIdToken();
    if (token) headers.set('authorization', `Bearer ${token}`);
  }
  const response = await fetch(url, { ...init, headers });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) throw new ApiError(response.status, String(body.error ?? 'Error'), String(body.message ?? `Request failed (${response.status})`), body);
  return body as T;
}

export const checkoutInfo = (request: CheckoutInfoRequest, signal?: AbortSignal) =>
  call<CheckoutInfoResponse>('/api/checkout/info', { method: 'POST', body: JSON.stringify(request), signal, auth: true });

export const placeOrder = (request: OrderPlaceRequest, idempotencyKey: string) =>
  call<OrderPlaceResponse>('/api/order/place', { method: 'POST', body: JSON.stringify(request), headers: { 'idempotency-key': idempotencyKey }, auth: true });

export const completeAfterpay = (token: string, amount: number) => call<OrderPlaceResponse>('/api/order/afterpay/complete', { method: 'POST', body: JSON.stringify({ token, amount }) });

export const readOrder = (number: string, token: string) => call<OrderView>(`/api/orders/${encodeURIComponent(number)}?token=${encodeURIComponent(token)}`);

export const lookupOrder = (number: string, email: string) => call<OrderView & { token: string }>('/api/orders/lookup', { method: 'POST', body: JSON.stringify({ number, email }) });

export const voucherBalance = (code: string, pin: string, recaptchaToken: string) =>
  call<VoucherBalanceResponse>(`/api/payment/voucher/balance/${encodeURIComponent(code)}?pin=${encodeURIComponent(pin)}&recaptchaToken=${encodeURIComponent(recaptchaToken)}`);

/** The signed-in customer's saved cards (the ID token is sent; a guest gets 401). */
export const savedCards = () => call<SavedPaymentMethodsResponse>('/api/account/payment-methods', { auth: true });
export const deleteSavedCard = (id: string) => call<SavedPaymentMethodsResponse>(`/api/account/payment-methods/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });
/** The signed-in customer's address book (the account API, GET /api/account/addresses; a guest gets 401). */
export const accountAddresses = () => call<AccountAddressesResponse>('/api/account/addresses', { auth: true });
/** The signed-in customer's details (GET /api/account): the contact step's prefill. */
export const accountDetails = () => call<AccountResponse>('/api/account', { auth: true });
export const setDefaultSavedCard = (id: string) => call<SavedPaymentMethodsResponse>(`/api/account/payment-methods/${encodeURIComponent(id)}/default`, { method: 'POST', auth: true });

export interface PickupStoreOption {
  erpStoreId: string;
  name: string;
  address: { street1: string; street2: string; locality: string; region: string; postcode: string; country: string };
  distanceKm: number | null;
}
export const pickupStores = (postcode?: string) => call<{ stores: PickupStoreOption[] }>(`/api/checkout/pickup-stores${postcode ? `?postcode=${postcode}` : ''}`);

/** Returns (contracts/src/returns.ts): guest lookup, the token holder's view, the account's token, creation. */
export const returnLookup = (number: string, email: string) => call<ReturnableOrder>('/api/returns/lookup', { method: 'POST', body: JSON.stringify({ number, email }) });
export const returnOrder = (number: string, token: string) => call<ReturnableOrder>(`/api/returns/orders/${encodeURIComponent(number)}?token=${encodeURIComponent(token)}`);
export const accountReturnToken = (number: string) => call<{ returnToken: string }>(`/api/account/orders/${encodeURIComponent(number)}/return-token`, { auth: true });
export const createReturn = (request: ReturnCreateRequest) => call<ReturnCreateResponse>('/api/returns', { method: 'POST', body: JSON.stringify(request) });
