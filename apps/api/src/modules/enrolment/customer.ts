import {
  CARD_HISTORY_SIZE,
  ENROLMENT_MESSAGES,
  type JoinAnswer,
  type JoinInput,
  PASS_SETTINGS_DEFAULTS,
  type PublicCard,
  type PublicJoinInfo,
  phoneCountryAllowed,
} from '@loyalty/contracts';
import type { Database } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { activeBranchOf } from '../branches';
import type { Writers } from '../ledger';
import { listLedger } from '../ledger';
import { enrolMember, findMemberRowByPhone, phoneHolder } from '../members';
import { latestMessageFor } from '../messages';
import { centsToNumber, loadTiers, nextTier, toCents } from '../points';
import { claimsForMember, rewardsForMember } from '../rewards';
import { memberStampCard } from '../stamp-card';
import type { CardLinks } from './card-links';
import { type JoinPage, tierNames } from './repository';

/** What GET /api/public/join/{slug} shows: branding and the form's rules, nothing about any member. */
export function joinInfo(page: JoinPage): PublicJoinInfo {
  return {
    slug: page.slug,
    storeName: page.storeName,
    logoUrl: page.logoUrl,
    backgroundColor: page.backgroundColor ?? PASS_SETTINGS_DEFAULTS.backgroundColor,
    foregroundColor: page.foregroundColor ?? PASS_SETTINGS_DEFAULTS.foregroundColor,
    labelColor: page.labelColor ?? PASS_SETTINGS_DEFAULTS.labelColor,
    requireEmail: page.requireEmail,
    termsUrl: page.termsUrl,
    allowedCountries: page.allowedCountries,
    welcomePoints: welcomePointsOf(page),
  };
}

/** The welcome points a join pays: none while the business turned its welcome automation off. */
const welcomePointsOf = (page: JoinPage) => (page.welcomeOn ? page.welcomePoints : 0);

type JoinBody = Required<Pick<JoinInput, 'firstName' | 'lastName' | 'marketingOptIn'>> &
  Pick<JoinInput, 'language' | 'referralCode' | 'homeBranchId'> & {
    email: string;
    birthday?: string | null | undefined;
  };

/**
 * A customer with a verified phone joins (or signs back in): the phone is the token's, the country must be
 * one the page allows, an e-mail when the page asks for one. 201 new member, 200 the member the phone is.
 */
export async function join(
  db: Database,
  writers: Writers,
  page: JoinPage,
  phone: string,
  body: JoinBody,
): Promise<{ created: boolean; answer: JoinAnswer }> {
  if (!phoneCountryAllowed(phone, page.allowedCountries))
    throw new AppError(403, ENROLMENT_MESSAGES.phoneCountry, { error: 'FORBIDDEN' });
  // A returning customer signs in to their card as they are; the form's rules are for new members.
  const [existing] = await phoneHolder(db, page.tenantId, phone);
  if (existing) return { created: false, answer: { membershipCode: existing.membershipCode } };
  assertEmailGiven(page, body.email);
  const email = body.email.trim().toLowerCase();
  const member = await enrolMember(db, writers, page.tenantId, {
    firstName: body.firstName,
    lastName: body.lastName,
    email: email || null,
    phone,
    marketingOptIn: body.marketingOptIn,
    language: body.language ?? null,
    welcomePoints: welcomePointsOf(page),
    birthday: body.birthday ?? null,
    referralCode: body.referralCode || null,
    homeBranchId: await activeBranchOf(db, page.tenantId, body.homeBranchId),
  });
  return { created: member.created, answer: { membershipCode: member.membershipCode } };
}

/** 400 at `email` before anything is written, when the page asks for an e-mail and the body has none. */
function assertEmailGiven(page: JoinPage, email: string) {
  if (page.requireEmail && email.trim() === '')
    throw badRequest({ email: ENROLMENT_MESSAGES.emailRequired }, ENROLMENT_MESSAGES.emailRequired);
}

/** The customer's own card on this page's tenant, found by the token's phone; 404 when they are no member. */
/** The member's Google Wallet save link (the wallet module's); it may fail when Google is not reachable. */
type GoogleSaveUrl = (tenantId: string, memberId: string) => Promise<string>;

export async function card(
  db: Database,
  links: CardLinks,
  page: JoinPage,
  phone: string,
  googleSaveUrl: GoogleSaveUrl,
): Promise<PublicCard> {
  const { tenantId } = page;
  const row = await findMemberRowByPhone(db, tenantId, phone);
  if (!row) throw notFound(ENROLMENT_MESSAGES.notMember);
  const [tiers, history, google, rewards, claims, latestMessage, stampCard] = await Promise.all([
    loadTiers(db, tenantId),
    listLedger(db, tenantId, row.userId, 0, CARD_HISTORY_SIZE),
    // A Google that cannot be reached hides its button; the card itself still shows.
    googleSaveUrl(tenantId, row.userId).catch(() => null),
    rewardsForMember(db, tenantId, { id: row.userId, tierId: row.tierId, spendable: row.pointsBalance }),
    claimsForMember(db, tenantId, row.userId),
    latestMessageFor(db, tenantId, row.userId),
    memberStampCard(db, tenantId, row.userId),
  ]);
  const next = nextTier(toCents(row.lifetimeSpend), tiers);
  const nextNames = next ? await tierNames(db, tenantId, next.tier.id) : undefined;
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    membershipCode: row.membershipCode,
    tier:
      row.tierId && row.membershipLevelName
        ? {
            name: row.membershipLevelName,
            nameZh: row.membershipLevelNameZh ?? null,
            nameCn: row.membershipLevelNameCn ?? null,
          }
        : null,
    pointsBalance: row.pointsBalance,
    nextTier:
      next && nextNames
        ? {
            name: nextNames.name,
            nameZh: nextNames.nameZh ?? null,
            nameCn: nextNames.nameCn ?? null,
            amountToReach: centsToNumber(next.centsToGo),
          }
        : null,
    expiringNext: row.expiringNext ?? null,
    // What staff noted about a purchase is for the business: the customer's card shows the entries without it.
    history: history.rows.map(({ note: _note, ...entry }) => entry),
    appleUrl: links.appleUrl(page.slug, row.userId),
    googleSaveUrl: google,
    rewards,
    claims,
    latestMessage,
    stampCard: stampCard ?? null,
    invite:
      page.referralBonus !== null
        ? { url: links.inviteUrl(page.slug, row.referralCode), bonusPoints: page.referralBonus }
        : null,
  };
}
