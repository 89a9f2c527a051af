import type { ClaimAnswer, JoinAnswer, JoinInput, PublicCard, PublicJoinInfo } from '@loyalty/contracts';
import { apiErrorFromResponse } from '@/lib/api-error';

// The customer pages' three calls (docs/design.md §8), read by hand against the contract's types: zod would add some
// 25 KB gzip to a page whose whole budget is 90 KB, and the API already answers in the contract's shape.

async function call<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(path, {
    ...init,
    headers: {
      Accept: 'application/json',
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...init.headers,
    },
  });
  if (!response.ok) throw await apiErrorFromResponse(response);
  return { status: response.status, body: (await response.json()) as T };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function fetchJoinInfo(slug: string): Promise<PublicJoinInfo> {
  return (await call<PublicJoinInfo>(`/api/public/join/${slug}`)).body;
}

let inlined: PublicJoinInfo | null | undefined;

/**
 * The branding the API wrote into the page it answered for /join/<slug> (a JSON data block, docs/design.md §8): the page
 * renders from it at once, with no call, over the server's first paint. Null in development (Vite serves the
 * page as it is) and on the card page.
 */
export function inlinedJoinInfo(slug: string): PublicJoinInfo | null {
  if (inlined === undefined) {
    const text = document.getElementById('join-data')?.textContent;
    try {
      inlined = text ? (JSON.parse(text) as PublicJoinInfo) : null;
    } catch {
      inlined = null;
    }
  }
  return inlined && inlined.slug.toLowerCase() === slug.toLowerCase() ? inlined : null;
}

let first: { slug: string; answer: Promise<PublicJoinInfo> } | null = null;

/**
 * The page's first fetch of the branding, started by main.tsx before the language's texts load and React
 * renders; the page takes it over once (a retry fetches again).
 */
export function startJoinInfo(slug: string): void {
  first = { slug, answer: fetchJoinInfo(slug) };
  first.answer.catch(() => {});
}

export function takeJoinInfo(slug: string): Promise<PublicJoinInfo> {
  const started = first?.slug === slug ? first.answer : null;
  first = null;
  return started ?? fetchJoinInfo(slug);
}

/** 201 for a new member, 200 when the phone already was one: both lead to the card. */
export async function postJoin(slug: string, token: string, input: JoinInput): Promise<JoinAnswer> {
  const init = { method: 'POST', headers: bearer(token), body: JSON.stringify(input) };
  return (await call<JoinAnswer>(`/api/public/join/${slug}`, init)).body;
}

export async function fetchCard(slug: string, token: string): Promise<PublicCard> {
  return (await call<PublicCard>(`/api/public/card/${slug}`, { headers: bearer(token) })).body;
}

/** POST /api/public/card/{slug}/rewards/{rewardId}/claim: a single-use code for the counter, valid 10 minutes. */
export async function claimReward(slug: string, rewardId: string, token: string): Promise<ClaimAnswer> {
  return (
    await call<ClaimAnswer>(`/api/public/card/${slug}/rewards/${encodeURIComponent(rewardId)}/claim`, {
      method: 'POST',
      headers: bearer(token),
    })
  ).body;
}
