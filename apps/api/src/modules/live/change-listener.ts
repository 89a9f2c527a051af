import type { Listener } from '../../lib/changes';
import { announce, closeStreamsOf, type LiveTopic, MEMBERS_NAMED } from './bus';
import { RECORD_TOPICS, reachesEveryCard } from './record-topics';

/** What a member or points change touches on the admin's screens. */
const MEMBER_TOPICS: LiveTopic[] = ['members', 'member-rewards', 'dashboard', 'reports', 'audit', 'setup'];

/**
 * Hears every member and points change (the counter, the API, imports, scheduled jobs) in its transaction and
 * announces it for open screens: the admin's lists and figures, and the card page of each member it touched
 * (a tier the review moved, a reward code settled, points lapsed: docs/design.md §9). A message sent, or a tier
 * created, changed or deleted (every card's next tier), reaches every card page of the business. An erased
 * member's card pages end, on every instance (docs/design.md §10). Every other record changed (settings, users,
 * keys, rewards…) is announced with its kind's topics (record-topics.ts). The NOTIFY goes out in the change's
 * transaction, so only a committed change is announced.
 */
export const liveListener: Listener = async (tx, tenantId, events) => {
  const members = new Set<string>();
  const erased: string[] = [];
  const topics = new Set<LiveTopic>();
  let everyMember = false;
  let heard = false;
  for (const event of events) {
    if (event.type === 'record.changed') {
      for (const topic of RECORD_TOPICS[event.record]) topics.add(topic);
      everyMember ||= reachesEveryCard(event.record);
      continue;
    }
    // A reward redeemed (at the counter or by a claim code) is a redemption the rewards screens list; its REDEEM
    // entry, told as entry.recorded in the same change, announces the member.
    if (event.type === 'reward.redeemed') {
      for (const topic of RECORD_TOPICS.redemptions) topics.add(topic);
      continue;
    }
    if (event.type === 'entry.recorded' || event.type === 'stamps.recorded') members.add(event.memberId);
    else if (event.type === 'member.created' || event.type === 'member.updated') members.add(event.member.id);
    else if (event.type === 'member.deleted') {
      members.add(event.id);
      erased.push(event.id);
    } else if (event.type === 'cards.changed' || event.type === 'message.sent' || event.type === 'tiers.changed')
      everyMember = true;
    else if (
      event.type === 'tier.reviewed' ||
      event.type === 'redemption.settled' ||
      event.type === 'points.lapsed' ||
      event.type === 'points.expiring'
    )
      members.add(event.memberId);
    else continue;
    heard = true;
  }
  if (heard) for (const topic of MEMBER_TOPICS) topics.add(topic);
  if (topics.size === 0) return;
  everyMember ||= members.size > MEMBERS_NAMED;
  await announce(tx, { tenantId, memberIds: everyMember ? [] : [...members], everyMember, topics: [...topics] });
  await closeStreamsOf(tx, { tenantId, memberIds: erased });
};
