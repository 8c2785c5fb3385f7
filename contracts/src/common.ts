import { z } from 'zod';

/** Every error answer: a machine code and a human message. */
export const ErrorBody = z.object({
  error: z.string().describe('Machine-readable code, e.g. NotFound'),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const ValidationIssue = z.object({
  field: z.string().describe('Dotted path of the offending field, e.g. objectIds.0 ("body" or "query" for the whole part)'),
  reason: z.string().describe('Why it was rejected, e.g. "Expected string"'),
});
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/** 400 answer for a request that does not match its schema. */
export const ValidationErrorBody = z.object({
  error: z.literal('ValidationError'),
  message: z.string(),
  issues: z.array(ValidationIssue),
});
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

/** GET /api/health */
export const HealthResponse = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof HealthResponse>;
