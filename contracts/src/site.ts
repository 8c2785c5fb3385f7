import { z } from 'zod';
import { EMAIL_INVALID_MESSAGE, EMAIL_LENGTH_MAX, EMAIL_PATTERN, EMAIL_REQUIRED_MESSAGE, POLICY_REQUIRED_MESSAGE } from './site-rules';

export * from './site-rules';

/**
 * Site-wide bodies (shell): navigation items, the marketing subscribe
 * form (POST /api/klaviyo/subscribe) and the error-report collector (POST /api/site/errors).
 */

export const NavLink = z.object({
  label: z.string().min(1).max(80),
  /** A site path ("/categories/bags") or an absolute URL. */
  href: z.string().min(1).max(500),
});
export type NavLink = z.infer<typeof NavLink>;

export const NavImage = z.object({
  /** Image CDN URL (/cdn-cgi/image/...). */
  url: z.string().min(1),
  alt: z.string(),
});
export type NavImage = z.infer<typeof NavImage>;

export const NavGrandchild = z.object({
  link: NavLink,
  image: NavImage.optional(),
});
export type NavGrandchild = z.infer<typeof NavGrandchild>;

export const NavChild = z.object({
  link: NavLink,
  image: NavImage.optional(),
  /** Column of the dropdown the child sits in. */
  location: z.enum(['left', 'right']),
  children: z.array(NavGrandchild),
});
export type NavChild = z.infer<typeof NavChild>;

export const NavItem = z.object({
  link: NavLink,
  children: z.array(NavChild),
});
export type NavItem = z.infer<typeof NavItem>;

/** GET /api/site/navigation */
export const NavigationResponse = z.object({ items: z.array(NavItem) });
export type NavigationResponse = z.infer<typeof NavigationResponse>;

/** POST /api/klaviyo/subscribe */
export const SubscribeRequest = z.object({
  email: z
    .string()
    .trim()
    .min(1, EMAIL_REQUIRED_MESSAGE)
    .max(EMAIL_LENGTH_MAX, `Must be at most ${EMAIL_LENGTH_MAX} characters`)
    .regex(EMAIL_PATTERN, EMAIL_INVALID_MESSAGE),
  /** The privacy-policy checkbox must be ticked. */
  acceptPolicy: z.literal(true, { message: POLICY_REQUIRED_MESSAGE }),
  /** Where the form was (e.g. "footer"). */
  source: z.string().max(40).optional(),
});
export type SubscribeRequest = z.infer<typeof SubscribeRequest>;

export const SubscribeResponse = z.object({
  /** SUBSCRIBED for a new address, ALREADY_SUBSCRIBED when it was on the list (idempotent). */
  status: z.enum(['SUBSCRIBED', 'ALREADY_SUBSCRIBED']),
  email: z.string(),
});
export type SubscribeResponse = z.infer<typeof SubscribeResponse>;

/** POST /api/site/errors: what the error reporter (@store/shared-events/analytics) sends. */
export const ErrorReportRequest = z.object({
  kind: z.enum(['error', 'trace']),
  level: z.enum(['fatal', 'error', 'warning']),
  message: z.string().min(1).max(2000),
  name: z.string().max(200).optional(),
  stack: z.string().max(8000).optional(),
  code: z.string().max(100).optional(),
  source: z.string().max(100).optional(),
  location: z.string().max(2000),
  release: z.string().max(100).optional(),
  /** The version of the remote named in `source` the page was running (from the page's registry). */
  remoteVersion: z.string().max(64).optional(),
  extra: z.record(z.string(), z.unknown()).optional(),
  occurredAt: z.iso.datetime({ offset: true }),
});
export type ErrorReportRequest = z.infer<typeof ErrorReportRequest>;

export const ErrorReportAccepted = z.object({ id: z.number().int() });
export type ErrorReportAccepted = z.infer<typeof ErrorReportAccepted>;
