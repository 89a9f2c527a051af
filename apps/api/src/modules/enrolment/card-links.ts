import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long the card page's pass link works: long enough to tap it, too short to be worth sharing. */
const CARD_LINK_SECONDS = 10 * 60;

/**
 * Short-lived signed links to a member's .pkpass, so Safari can open the pass by plain navigation (it sends
 * no bearer token). The signature covers the slug, the member and the expiry; without CARD_LINK_SECRET the
 * key is random per process, which is enough for one instance (a link lives minutes).
 */
export function createCardLinks(secret: string | undefined, publicUrl: string) {
  const key = secret ? Buffer.from(secret) : randomBytes(32);
  const sign = (slug: string, memberId: string, exp: number) =>
    createHmac('sha256', key).update(`${slug.toLowerCase()}\n${memberId}\n${exp}`).digest();

  return {
    /** The member's invitation to the join page (docs/design.md §10): `/join/{slug}?ref={referralCode}`. */
    inviteUrl(slug: string, referralCode: string): string {
      return `${publicUrl}/join/${encodeURIComponent(slug)}?ref=${encodeURIComponent(referralCode)}`;
    },
    appleUrl(slug: string, memberId: string, nowMs = Date.now()): string {
      const exp = Math.floor(nowMs / 1000) + CARD_LINK_SECONDS;
      const sig = sign(slug, memberId, exp).toString('base64url');
      const query = new URLSearchParams({ m: memberId, exp: String(exp), sig });
      return `${publicUrl}/api/public/card/${encodeURIComponent(slug)}/pass.pkpass?${query}`;
    },
    /** True when the link was made here for this slug and member and has not expired; compared in constant time. */
    verify(slug: string, memberId: string, exp: number, sig: string, nowMs = Date.now()): boolean {
      if (!Number.isSafeInteger(exp) || exp * 1000 <= nowMs) return false;
      const expected = sign(slug, memberId, exp);
      const given = Buffer.from(sig, 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type CardLinks = ReturnType<typeof createCardLinks>;
