import type { DecodedIdToken } from 'firebase-admin/auth';

/** How many distinct tokens one instance remembers; an hour of tokens for a few thousand active admins. */
const MAX_TOKENS = 5_000;

/**
 * Tokens whose signature and claims already checked out, kept until they expire. A token string cannot
 * change, so checking it again on every request only costs time: against the emulator firebase-admin adds a
 * user read per call, and with a real project a signature check. Revocation is not decided here: the
 * revocation cache still runs on every request. A different (forged or refreshed) token is a different key.
 */
export function createVerifiedTokenCache(max = MAX_TOKENS) {
  const tokens = new Map<string, DecodedIdToken>();
  return {
    get(token: string): DecodedIdToken | undefined {
      const decoded = tokens.get(token);
      if (!decoded) return undefined;
      // Past its exp the entry is gone, and the token goes back through the SDK, which says "expired".
      if (decoded.exp * 1000 <= Date.now()) {
        tokens.delete(token);
        return undefined;
      }
      return decoded;
    },
    set(token: string, decoded: DecodedIdToken) {
      // Bounded: the oldest entry (Map keeps insertion order) makes room for the newest.
      if (tokens.size >= max) {
        const oldest = tokens.keys().next().value;
        if (oldest !== undefined) tokens.delete(oldest);
      }
      tokens.set(token, decoded);
    },
  };
}
