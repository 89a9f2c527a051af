import type { FastifyRequest } from 'fastify';

/** Who made a request: a signed-in account, or an API key acting as itself (docs/design.md §8), or a customer. */
export type Actor =
  | { type: 'account'; id: string }
  | { type: 'apiKey'; id: string; name: string }
  /** A customer acting on their own card (the card page's export, consent, erasure), named without the person. */
  | { type: 'member'; id: string; name: string };

/** The actor of an authenticated tenant request; the audit trail and the logs name it. */
export function actorOf(request: FastifyRequest): Actor {
  if (request.apiKey) return { type: 'apiKey', id: request.apiKey.id, name: request.apiKey.name };
  return { type: 'account', id: request.tenant.accountId };
}

/** The account to record on a ledger entry: none for a key (the key is the actor). */
export const actorAccountId = (request: FastifyRequest): string | null =>
  request.apiKey ? null : request.tenant.accountId;
