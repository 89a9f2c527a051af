import type { FastifyRequest } from 'fastify';

const EMAIL = /[^\s@"'<>()]+@[^\s@"'<>()]+\.[A-Za-z]{2,}/g;

/** E-mail addresses out of a free text, for anything that reaches the log. */
const scrubText = (text: string) => text.replace(EMAIL, '[email]');

/**
 * What the log keeps of a failure. Drizzle's query errors carry the SQL with its parameters (names, e-mails,
 * phones) in the message, `query` and `params`, and a database error's `detail` quotes the values; none of
 * that may reach the log. The kind of error, its codes and the stack frames are enough to find the bug.
 */
export function errorForLog(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { type: typeof err };
  const cause = (err as { cause?: unknown }).cause as { code?: unknown; name?: unknown } | undefined;
  const isQuery = 'query' in err || 'params' in err || /^Failed query/.test(err.message);
  const frames = (err.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, 12)
    .map((line) => line.trim());
  return {
    type: err.name,
    code: (err as { code?: unknown }).code ?? cause?.code,
    message: isQuery ? 'database query failed' : scrubText(err.message).slice(0, 300),
    ...(cause?.name ? { causeType: cause.name } : {}),
    stack: frames,
  };
}

/** The request as logged: no query string (search terms and filters are personal data), no headers. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.split('?')[0],
    remoteAddress: request.ip,
  };
}
