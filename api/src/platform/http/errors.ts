import type { ValidationErrorBody, ValidationIssue } from '@store/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.js';
import { InputTextError, sendProblem } from './input.js';

interface ZodLikeValidation {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}

const CONTEXT_NAMES: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' };

function plural(n: unknown, word: string): string {
  return `${String(n)} ${word}${n === 1 ? '' : 's'}`;
}

/** A short human reason for one zod issue, e.g. "Expected string". */
export function reasonOf(v: ZodLikeValidation): string {
  const params = v.params ?? {};
  const message = v.message ?? 'Invalid value';
  switch (v.keyword) {
    case 'invalid_type':
      if (/received undefined/.test(message)) return 'Required';
      return `Expected ${String(params.expected ?? 'a different type')}`;
    case 'too_small': {
      const origin = params.origin;
      const min = params.minimum;
      const inclusive = params.inclusive !== false;
      if (origin === 'array') return `Must contain at least ${plural(min, 'item')}`;
      if (origin === 'string') return `Must be at least ${plural(min, 'character')}`;
      return `Must be ${inclusive ? '>=' : '>'} ${String(min)}`;
    }
    case 'too_big': {
      const origin = params.origin;
      const max = params.maximum;
      const inclusive = params.inclusive !== false;
      if (origin === 'array') return `Must contain at most ${plural(max, 'item')}`;
      if (origin === 'string') return `Must be at most ${plural(max, 'character')}`;
      return `Must be ${inclusive ? '<=' : '<'} ${String(max)}`;
    }
    case 'unrecognized_keys':
      return `Unknown field(s): ${(params.keys as string[] | undefined)?.join(', ') ?? ''}`;
    default:
      return message.replace(/^Invalid input: /, '').replace(/^\w/, (c) => c.toUpperCase());
  }
}

/** "/objectIds/0" -> "objectIds.0"; the root is named after the request part ("body", "query"). */
export function fieldOf(instancePath: string, context: string | undefined): string {
  const field = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  return field || CONTEXT_NAMES[context ?? ''] || context || '';
}

/** Ends a message with one full stop: a reason that is already a sentence ("Enter a valid email address.") gets no second one. */
export const sentence = (text: string): string => `${text.replace(/[.\s]+$/, '')}.`;

export function validationBody(issues: ValidationIssue[], context: string | undefined): ValidationErrorBody {
  const where = CONTEXT_NAMES[context ?? ''] ?? 'request';
  const first = issues[0];
  const summary = first ? `${first.field}: ${first.reason.replace(/[.\s]+$/, '')}` : 'invalid';
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return { error: 'ValidationError', message: sentence(`Invalid ${where}: ${summary}${more}`), issues };
}

/** Error handler: 400 ValidationError for schema failures and bad JSON, JSON bodies for the rest. */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext;
    const issues = (error.validation as unknown as ZodLikeValidation[]).map((v) => ({ field: fieldOf(v.instancePath, context), reason: reasonOf(v) }));
    return reply.code(400).send(validationBody(issues, context));
  }
  if (error instanceof InputTextError) return sendProblem(reply, error.problem);
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400)) {
    return reply.code(400).send(validationBody([{ field: 'body', reason: error.message }], 'body'));
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return reply.code(415).send({ error: 'UnsupportedMediaType', message: 'Send the body as application/json.' });
  }
  if (isDatabaseUnavailable(error)) return sendDatabaseUnavailable(request, reply, error);
  const status = error.statusCode ?? 500;
  if (status < 500) {
    return reply.code(status).send({ error: error.name && error.name !== 'FastifyError' ? error.name : 'BadRequest', message: error.message });
  }
  request.log.error({ err: error, req: request }, 'request failed');
  return reply.code(500).send({ error: 'InternalError', message: 'Something went wrong.' });
}

/** The body of a 503 answered because the database cannot be reached. */
export const DATABASE_UNAVAILABLE_BODY = {
  error: 'ServiceUnavailable',
  message: 'The store cannot reach its database right now. Try again in a moment.',
} as const;

/**
 * 503 with Retry-After for a request the database could not serve (a restart, a lost connection):
 * logged as a warning with the cause, never as a 500.
 */
export function sendDatabaseUnavailable(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  request.log.warn({ err: error }, 'database unavailable');
  return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).header('cache-control', 'no-store').send(DATABASE_UNAVAILABLE_BODY);
}
