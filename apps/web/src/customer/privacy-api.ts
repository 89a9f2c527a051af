import type { CardConsents } from '@loyalty/contracts';
import { apiErrorFromResponse } from '@/lib/api-error';
import { saveBlob } from '@/lib/save-blob';

// The card page's calls for the customer's own data (docs/design.md §9): read by hand against the contract's types, as
// public-api.ts does, to keep zod out of the customer pages.

const cardPath = (slug: string) => `/api/public/card/${encodeURIComponent(slug)}`;

async function send(path: string, token: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(path, {
    ...init,
    headers: {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    },
  });
  if (!response.ok) throw await apiErrorFromResponse(response);
  return response;
}

export async function fetchConsents(slug: string, token: string): Promise<CardConsents> {
  return (await send(`${cardPath(slug)}/consents`, token)).json() as Promise<CardConsents>;
}

export async function saveConsents(slug: string, token: string, consents: CardConsents): Promise<CardConsents> {
  const init = { method: 'PUT', body: JSON.stringify(consents) };
  return (await send(`${cardPath(slug)}/consents`, token, init)).json() as Promise<CardConsents>;
}

/** GET …/export, handed to the browser as the JSON file the server names (the membership code, no name). */
export async function downloadMyData(slug: string, token: string): Promise<void> {
  const response = await send(`${cardPath(slug)}/export`, token);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'member-data.json';
  saveBlob(await response.blob(), name);
}

/** DELETE the card, with the token of a sign-in by SMS code made just now (the API asks one of the last 5 minutes). */
export async function deleteMyCard(slug: string, token: string): Promise<void> {
  await send(cardPath(slug), token, { method: 'DELETE' });
}
