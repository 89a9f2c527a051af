import type { onResponseHookHandler } from 'fastify';
import { announce } from './bus';
import { writeReachesEveryCard, writeTopics } from './write-topics';

/**
 * Announces a successful write of settings, users, tiers or keys once it has answered (so after its commit); a
 * reward's also to every card page of the business.
 * A failed announcement is logged, never the write's failure: the screens catch up on their next read.
 */
export const announceWrite: onResponseHookHandler = function (request, reply, done) {
  const tenantId = request.tenant?.tenantId;
  const topics = reply.statusCode < 300 && tenantId ? writeTopics(request.method, request.routeOptions.url) : [];
  if (tenantId && topics.length > 0) {
    const everyMember = writeReachesEveryCard(request.method, request.routeOptions.url);
    announce(this.database.db, { tenantId, memberIds: [], everyMember, topics }).catch((error) =>
      request.log.warn({ error: String(error) }, 'live: announcement failed'),
    );
  }
  done();
};
