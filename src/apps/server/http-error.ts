import type { ZodError } from 'zod';
import { FootnoteError } from '../../core/index.ts';

/** An error with the HTTP status and JSON body the client gets. */
export class HttpError extends FootnoteError {
  readonly status: number;
  readonly field: string | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { field?: string; headers?: Record<string, string> } = {},
  ) {
    super(code, message);
    this.name = 'HttpError';
    this.status = status;
    this.field = options.field;
    this.headers = options.headers ?? {};
  }
}

/** 404 that looks the same whether the thing is missing or belongs to someone else. */
export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`);

/** 400 naming the first field that failed validation and what was wrong with it. */
export function invalidRequest(error: ZodError, where: 'body' | 'query' | 'params'): HttpError {
  const issue = error.issues[0];
  const field = issue?.path.length ? issue.path.join('.') : where;
  return new HttpError(
    400,
    'invalid_request',
    `${where} ${field}: ${issue?.message ?? 'invalid'}`,
    { field },
  );
}

/**
 * Validates input with a zod schema, throwing a 400 that names the field. Only a missing body
 * counts as `{}`: an explicit `null` (or any non-object) is checked as sent, and refused.
 */
export function parseInput<T>(
  schema: {
    safeParse(value: unknown): { success: true; data: T } | { success: false; error: ZodError };
  },
  value: unknown,
  where: 'body' | 'query' | 'params',
): T {
  const result = schema.safeParse(value === undefined ? {} : value);
  if (!result.success) throw invalidRequest(result.error, where);
  return result.data;
}

/** Footnote error codes that are the client's fault, and their status. */
/** The code of a framework error by its status, so every 4xx names its kind. */
const CODE_BY_STATUS: Readonly<Record<number, string>> = {
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
};

const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  invalid_input: 400,
  model_config: 400,
  session_not_found: 404,
  answer_not_found: 404,
  version_not_found: 404,
  path_outside_workspace: 404,
  edit_not_found: 404,
  edit_refused: 403,
  forbidden_role: 403,
  edit_not_proposed: 409,
  edit_not_applied: 409,
  edit_stale: 409,
  question_not_editable: 409,
};

/** The status and body for any thrown error; internals never reach the client. */
export function errorResponse(error: unknown): {
  status: number;
  body: { error: { code: string; message: string; field?: string } };
  headers: Record<string, string>;
} {
  if (error instanceof HttpError) {
    return {
      status: error.status,
      body: {
        error: {
          code: error.code,
          message: error.message,
          ...(error.field && { field: error.field }),
        },
      },
      headers: { ...error.headers },
    };
  }
  if (FootnoteError.isInstance(error) && STATUS_BY_CODE[error.code]) {
    const status = STATUS_BY_CODE[error.code] as number;
    return {
      status,
      body: { error: { code: status === 404 ? 'not_found' : error.code, message: error.message } },
      headers: {},
    };
  }
  const fastify = error as { statusCode?: number; code?: string; message?: string };
  if (fastify.code === 'FST_ERR_BAD_URL') {
    return {
      status: 400,
      body: { error: { code: 'bad_url', message: 'the URL has invalid percent-encoding' } },
      headers: {},
    };
  }
  if (fastify.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return {
      status: 413,
      body: { error: { code: 'too_large', message: 'request body too large' } },
      headers: {},
    };
  }
  if (
    typeof fastify.statusCode === 'number' &&
    fastify.statusCode >= 400 &&
    fastify.statusCode < 500
  ) {
    const code = CODE_BY_STATUS[fastify.statusCode] ?? 'bad_request';
    return {
      status: fastify.statusCode,
      body: { error: { code, message: fastify.message ?? code.replace(/_/g, ' ') } },
      headers: {},
    };
  }
  return {
    status: 500,
    body: { error: { code: 'internal', message: 'internal error' } },
    headers: {},
  };
}
