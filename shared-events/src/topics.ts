/**
 * The storefront's bus topics. A topic's name and version are a contract between separately
 * deployed teams: change a schema only compatibly, or add a new version (and keep the old one
 * published until every consumer has moved). `topicCatalog()` feeds the release compatibility gate.
 */
import * as z from 'zod/mini';
import { defineTopic, type PayloadOf, type Topic, type TopicKind } from './bus';

// In the browser zod parses without compiling validators (CSP): its first object parse
// would probe `new Function`, which the store's CSP (no 'unsafe-eval') reports as a violation even
// though zod catches it. zod keeps this setting on globalThis, so it holds for every bundle's copy.
if (typeof document !== 'undefined') z.config({ jitless: true });

const count = () => z.int().check(z.gte(0));
const nonEmpty = () => z.string().check(z.minLength(1));

export const cartStatuses = ['SUCCESS', 'ERROR', 'LOADING'] as const;
export const alertTypes = ['SUCCESS', 'ERROR'] as const;
export const sessionStatuses = ['INITIALISING', 'LOGGING_IN', 'LOGGED_IN', 'LOGGING_OUT', 'LOGGED_OUT'] as const;
export const remoteFailureReasons = ['load-timeout', 'load-error', 'render-error'] as const;

/** Cart item counts for the header badge (shows quantity + promoQuantity, only when status is SUCCESS). */
export const cartQuantity = defineTopic({
  name: 'cart.quantity',
  version: 1,
  kind: 'state',
  schema: z.object({ quantity: count(), promoQuantity: count(), status: z.enum(cartStatuses) }),
});

export const wishlistQuantity = defineTopic({
  name: 'wishlist.quantity',
  version: 1,
  kind: 'state',
  schema: z.object({ quantity: count() }),
});

/** Asks the shell to open the cart overlay. */
export const cartOverlayOpen = defineTopic({
  name: 'cart.overlay.open',
  version: 1,
  kind: 'event',
  schema: z.object({ source: z.optional(z.string()) }),
});

/**
 * Command: add a product variant to the cart. Handled by the cart remote's service (loaded on
 * every page), which applies the cart rules (cart item validity, the challenge answer
 * check) and answers with `cart.add.result` carrying the same requestId.
 */
export const cartAdd = defineTopic({
  name: 'cart.add',
  version: 1,
  kind: 'event',
  schema: z.object({
    requestId: nonEmpty(),
    productId: nonEmpty(),
    variantId: nonEmpty(),
    qty: z.int().check(z.positive()),
    challengeAnswer: z.optional(z.string().check(z.maxLength(100))),
    /** Where the add came from, for analytics (e.g. 'pdp', 'wishlist'). */
    source: z.optional(z.string()),
  }),
});

export const cartAddStatuses = ['SUCCESS', 'INVALID', 'ERROR'] as const;

/**
 * The cart's answer to `cart.add`. INVALID carries the validity code in `reason` (for
 * example qtyAvailableExceeded or productChallengeAnswerInvalid) and the user message.
 */
export const cartAddResult = defineTopic({
  name: 'cart.add.result',
  version: 1,
  kind: 'event',
  schema: z.object({
    requestId: nonEmpty(),
    status: z.enum(cartAddStatuses),
    reason: z.optional(z.string()),
    message: z.optional(z.string()),
  }),
});

/**
 * Asks the shell to show an alert. The shell applies its rules: default
 * duration 5 s, at most 4 shown, inserted after 300 ms.
 */
export const alertShow = defineTopic({
  name: 'alert.show',
  version: 1,
  kind: 'event',
  schema: z.object({
    id: z.optional(nonEmpty()),
    type: z._default(z.enum(alertTypes), 'SUCCESS'),
    content: z.string().check(z.minLength(1), z.maxLength(500)),
    /** Milliseconds. */
    duration: z.optional(z.int().check(z.positive())),
  }),
});

/** The account session, published by the session module on every change. */
export const sessionState = defineTopic({
  name: 'session.state',
  version: 1,
  kind: 'state',
  schema: z.object({
    status: z.enum(sessionStatuses),
    user: z.optional(z.object({ id: nonEmpty(), email: z.string() })),
  }),
});

/** A remote owns the route but has no such page: the shell shows its 404 page. */
export const shellNotFound = defineTopic({
  name: 'shell.not-found',
  version: 1,
  kind: 'event',
  schema: z.object({ path: z.string() }),
});

/** Published by the shell when a remote could not be loaded or rendered. */
export const remoteFailed = defineTopic({
  name: 'remote.failed',
  version: 1,
  kind: 'event',
  schema: z.object({
    remote: nonEmpty(),
    reason: z.enum(remoteFailureReasons),
    message: z.optional(z.string()),
  }),
});

export const topics = {
  cartQuantity,
  wishlistQuantity,
  cartOverlayOpen,
  cartAdd,
  cartAddResult,
  alertShow,
  sessionState,
  shellNotFound,
  remoteFailed,
} as const;

export type Topics = typeof topics;

export type CartQuantity = PayloadOf<typeof cartQuantity>;
export type WishlistQuantity = PayloadOf<typeof wishlistQuantity>;
export type CartOverlayOpen = PayloadOf<typeof cartOverlayOpen>;
export type CartAdd = PayloadOf<typeof cartAdd>;
export type CartAddResult = PayloadOf<typeof cartAddResult>;
export type AlertShow = PayloadOf<typeof alertShow>;
export type SessionStatePayload = PayloadOf<typeof sessionState>;
export type ShellNotFound = PayloadOf<typeof shellNotFound>;
export type RemoteFailed = PayloadOf<typeof remoteFailed>;

export interface TopicCatalogEntry {
  name: string;
  version: number;
  kind: TopicKind;
}

/** Every topic this package defines, sorted by name: input to the release compatibility gate. */
export function topicCatalog(): TopicCatalogEntry[] {
  return (Object.values(topics) as Topic[])
    .map(({ name, version, kind }) => ({ name, version, kind }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
