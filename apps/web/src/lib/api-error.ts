/** A non-success answer of the API, in the one shape screens handle (docs/spec/access-and-identity.md §7). */
import { t } from '@/lib/i18n/i18n';
import { translateText } from '@/lib/i18n/translate-text';
export class ApiError extends Error {
  readonly status: number;
  /** Per-field messages from the body's `errors`, ready to put on form fields. */
  readonly fieldErrors: Record<string, string>;
  /** The body's `error` code (for example T012), when it has one. */
  readonly code: string | undefined;
  /** The parsed JSON body, or undefined when the body was empty or not JSON. */
  readonly body: unknown;

  constructor(init: {
    status: number;
    message: string;
    fieldErrors?: Record<string, string>;
    code?: string;
    body?: unknown;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.fieldErrors = init.fieldErrors ?? {};
    this.code = init.code;
    this.body = init.body;
  }

  /** The body's own message, when the server sent one (the `message` above may be synthesised). */
  get serverMessage(): string | undefined {
    return messageOf(this.body);
  }
}

/** Thrown before any request when nobody is signed in. */
export class NotAuthenticatedError extends Error {
  constructor() {
    super(t('common.notAuthenticated'));
    this.name = 'NotAuthenticatedError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function messageOf(body: unknown): string | undefined {
  return isRecord(body) && typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
}

function fieldErrorsOf(body: unknown): Record<string, string> {
  if (!isRecord(body) || !isRecord(body.errors)) return {};
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(body.errors)) {
    if (typeof message === 'string') result[field] = message;
  }
  return result;
}

/** Reads a failed response into an ApiError; the body is read as text first so non-JSON bodies still explain. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const message = messageOf(body) ?? `${response.status}: ${text || response.statusText}`;
  const code = isRecord(body) && typeof body.error === 'string' ? body.error : undefined;
  return new ApiError({ status: response.status, message, fieldErrors: fieldErrorsOf(body), code, body });
}

/**
 * What a failure toast says: the server's own message (in the active language when the catalogues know it), else the
 * error's, else "Unknown error" (docs/spec/access-and-identity.md §8).
 */
export function failureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const server = error.serverMessage;
    return server ? translateText(server) : error.message || t('common.unknownError');
  }
  if (error instanceof Error && error.message) return error.message;
  return t('common.unknownError');
}
