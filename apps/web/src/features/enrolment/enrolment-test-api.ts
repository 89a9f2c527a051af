import { ENROLMENT_MESSAGES, enrolmentSettingsInputSchema } from '@loyalty/contracts';
import { createApiClient } from '@/lib/api-client';

/**
 * Stands in for '@/lib/api' in these tests: `vi.mock('@/lib/api', () => import('./enrolment-test-api'))`.
 * The real client runs; `server` holds the settings, checks PUT bodies with the contract (a slug in
 * `takenSlugs` is 409 at `slug`, as the API answers) and serves a tiny PNG and PDF as the poster.
 */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const DEFAULTS = {
  enabled: false,
  slug: 'blue-bottle',
  welcomePoints: 0,
  requireEmail: false,
  termsUrl: '',
  allowedCountries: ['HK'],
};

export const server = {
  stored: { ...DEFAULTS } as Record<string, unknown>,
  put: [] as unknown[],
  posters: [] as string[],
  /** The `language` each poster request asked for, in order. */
  posterLanguages: [] as (string | null)[],
  takenSlugs: new Set<string>(),
  reset() {
    server.stored = { ...DEFAULTS };
    server.put = [];
    server.posters = [];
    server.posterLanguages = [];
    server.takenSlugs = new Set();
  },
};

const withUrl = (settings: Record<string, unknown>) => ({
  ...settings,
  joinUrl: `https://loyalty.example/join/${settings.slug}`,
});

async function handle(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  if (url.pathname.startsWith('/api/tenants/enrolment/poster.')) {
    server.posters.push(url.pathname.split('.').pop() ?? '');
    server.posterLanguages.push(url.searchParams.get('language'));
    const type = url.pathname.endsWith('.pdf') ? 'application/pdf' : 'image/png';
    return new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { 'content-type': type } });
  }
  if (url.pathname !== '/api/tenants/enrolment') return json(404, { status: 404, message: 'Not found' });
  if (method === 'GET') return json(200, withUrl(server.stored));
  const body = JSON.parse(String(init?.body));
  server.put.push(body);
  const parsed = enrolmentSettingsInputSchema.safeParse(body);
  if (!parsed.success) return json(400, { status: 400, message: 'Validation failed' });
  if (server.takenSlugs.has(parsed.data.slug)) {
    return json(409, {
      status: 409,
      error: 'CONFLICT',
      message: ENROLMENT_MESSAGES.slugTaken,
      errors: { slug: ENROLMENT_MESSAGES.slugTaken },
    });
  }
  server.stored = parsed.data;
  return json(200, withUrl(parsed.data));
}

export const api = createApiClient({ getToken: async () => 'token', getTenantId: () => 't-1', fetch: handle });
