import { randomUUID } from 'node:crypto';
import { MESSAGE_MESSAGES, type MessageBody, type SegmentFilter } from '@loyalty/contracts';
import type { FastifyRequest } from 'fastify';
import type { Database, Queries } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { recordChangeOf } from '../../lib/audit';
import { AppError, badRequest } from '../../lib/errors';
import { findMemberRow } from '../members';
import { isOwnPromotion } from '../promotions';
import type { messageJobs } from './delivery';
import { findMessage, insertMessage, insertTargets, MESSAGE_NOT_FOUND, setState } from './repository';
import { findSegment } from './segments-repository';

export type SendJob = ReturnType<typeof messageJobs>['send'];

/**
 * A message to cardholders: its targets chosen at once (the audience's members who gave marketing consent, in
 * one statement), its send job enqueued in the same transaction for `sendAt` (or now), and the audit event.
 */
export async function createMessage(
  db: Database,
  jobs: JobQueue,
  job: SendJob,
  request: FastifyRequest,
  body: MessageBody,
) {
  const { tenantId } = request.tenant;
  const { audience } = body;
  let filter: SegmentFilter | null = null;
  let memberId: string | undefined;
  if ('memberId' in audience) {
    if (!(await findMemberRow(db, tenantId, audience.memberId))) {
      throw badRequest({ 'audience.memberId': 'Member not found' });
    }
    memberId = audience.memberId;
  } else if ('segmentId' in audience) {
    const segment = await findSegment(db, tenantId, audience.segmentId);
    if (!segment) throw badRequest({ 'audience.segmentId': 'Segment not found' });
    filter = segment.filter;
  } else if ('filter' in audience) filter = audience.filter;
  else filter = {};

  const requested = body.sendAt ? new Date(body.sendAt) : undefined;
  const sendAt = requested && requested.getTime() > Date.now() ? requested : new Date();
  return db.transaction(async (tx) => {
    // Another business's promotion is not found, as everything of theirs; the row is held until the message is in,
    // so a delete meanwhile waits rather than breaking the link's foreign key.
    if (body.promotionId && !(await isOwnPromotion(tx, tenantId, body.promotionId))) {
      throw new AppError(404, MESSAGE_MESSAGES.promotionNotFound, {
        error: 'NOT_FOUND',
        errors: { promotionId: MESSAGE_MESSAGES.promotionNotFound },
      });
    }
    const made = await enqueueMessage(tx, jobs, job, {
      tenantId,
      text: body.text,
      textZh: body.textZh ?? null,
      textCn: body.textCn ?? null,
      audience,
      filter,
      memberId,
      sendAt,
      promotionId: body.promotionId ?? null,
    });
    await recordChangeOf(request)(tx, 'messages', {
      action: 'message.send',
      target: { type: 'message', id: made.id },
      after: { ...body, sendAt: sendAt.toISOString(), targeted: made.targeted },
      // A message to one member may name them: its texts go with that member's erasure (docs/design.md §10).
      ...(memberId ? { personalTo: { memberId, fields: ['text', 'textZh', 'textCn'] } } : {}),
    });
    return made;
  });
}

/**
 * The message, its targets (those of the audience who gave marketing consent) and its send job, in `tx`: what
 * the business's messages and the app's own notices (the expiry warning, modules/tier-review) both go through.
 * `origin` names a notice the app sent by itself (null: the business's message).
 */
export async function enqueueMessage(
  tx: Queries,
  jobs: JobQueue,
  job: SendJob,
  message: {
    tenantId: string;
    text: string;
    textZh: string | null;
    textCn: string | null;
    audience: MessageBody['audience'] | { automationId: string; day: string };
    filter: SegmentFilter | null;
    memberId?: string;
    sendAt: Date;
    origin?: string;
    /** The automation sending it (docs/design.md §10), and the members it goes to (those who consent). */
    automationId?: string;
    memberIds?: string[];
    promotionId?: string | null;
  },
) {
  const { tenantId, filter, memberId, sendAt } = message;
  const id = randomUUID();
  await insertMessage(tx, {
    id,
    tenantId,
    text: message.text,
    textZh: message.textZh,
    textCn: message.textCn,
    audience: message.audience,
    sendAt,
    origin: message.origin ?? null,
    automationId: message.automationId ?? null,
    promotionId: message.promotionId ?? null,
  });
  const targeted = await insertTargets(tx, tenantId, id, filter, memberId, message.memberIds);
  await jobs.send(tx, job, { tenantId, messageId: id }, sendAt > new Date() ? { startAfter: sendAt } : {});
  return { id, targeted };
}

/** A scheduled message that has not started is cancelled; one sending or sent cannot be called back. */
export async function cancelMessage(db: Database, request: FastifyRequest, id: string) {
  const { tenantId } = request.tenant;
  return db.transaction(async (tx) => {
    const before = await findMessage(tx, tenantId, id);
    if (!before) throw new AppError(404, MESSAGE_NOT_FOUND, { error: 'NOT_FOUND' });
    if (!(await setState(tx, tenantId, id, ['SCHEDULED'], 'CANCELLED'))) {
      throw new AppError(409, 'Only a scheduled message can be cancelled', { error: 'NOT_CANCELLABLE' });
    }
    await recordChangeOf(request)(tx, 'messages', {
      action: 'message.cancel',
      target: { type: 'message', id },
      before: { state: before.state },
      after: { state: 'CANCELLED' },
    });
  });
}
