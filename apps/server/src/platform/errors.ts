import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { TErrorEnvelope, TFieldError } from '@pavilion/domain';

/** A coded failure a module raises; the error handler turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | number,
    message: string,
    readonly errors?: TFieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const errors = {
  notFound: (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`),
  forbidden: (message = 'You do not have access to this resource') => new AppError(403, 'FORBIDDEN', message),
  unauthorised: (code = 'UNAUTHORISED', message = 'Please log in') => new AppError(401, code, message),
  validation: (errs: TFieldError[], message = 'Some fields are not valid') =>
    new AppError(400, 'VALIDATION_FAILED', message, errs),
  conflict: (code: string, message: string) => new AppError(409, code, message),
};

/** Turns a zod issue into the spec's field key: custom refinements carry the key as their message. */
function issueKey(issue: { keyword: string; message?: string; params?: Record<string, unknown> }): string {
  if (issue.keyword === 'custom' && issue.message) return issue.message;
  if (issue.keyword === 'invalid_type' && issue.message?.includes('received undefined')) return 'required';
  if (issue.keyword === 'unrecognized_keys') return 'unknownField';
  return issue.keyword;
}

function envelope(code: string | number, message: string, errs?: TFieldError[]): TErrorEnvelope {
  return errs && errs.length > 0 ? { status: 'ERROR', code, message, errors: errs } : { status: 'ERROR', code, message };
}

/** One error handler for the whole API: never a stack trace or SQL text in an answer. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(envelope(error.code, error.message, error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = (error as FastifyError).validationContext ?? 'body';
      const fieldErrors: TFieldError[] = [];
      for (const v of error.validation) {
        const params = (v.params ?? {}) as Record<string, unknown>;
        const base = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        if (v.keyword === 'unrecognized_keys' && Array.isArray(params.keys)) {
          for (const k of params.keys) fieldErrors.push({ field: base ? `${base}.${String(k)}` : String(k), key: 'unknownField' });
        } else {
          fieldErrors.push({ field: base || where, key: issueKey({ keyword: v.keyword, message: v.message, params }) });
        }
      }
      return reply.status(400).send(envelope('VALIDATION_FAILED', `Invalid ${where}`, fieldErrors));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(envelope('INTERNAL_ERROR', 'Something went wrong on our side'));
    }
    const fe = error as FastifyError;
    if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (fe.statusCode === 400 && error instanceof SyntaxError)) {
      return reply.status(400).send(envelope('MALFORMED_JSON', 'The request body is not valid JSON'));
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(envelope('PAYLOAD_TOO_LARGE', 'The request body is too large'));
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(envelope('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json'));
    }
    if (fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send(envelope('EMPTY_BODY', 'The request body is empty'));
    }
    if (fe.statusCode === 429) {
      return reply.status(429).send(envelope('TOO_MANY_REQUESTS', 'Too many requests, please slow down'));
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.status(fe.statusCode).send(envelope(fe.code ?? 'BAD_REQUEST', 'The request could not be processed'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(envelope('INTERNAL_ERROR', 'Something went wrong on our side'));
  });
}
