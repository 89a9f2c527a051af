import { ENROLMENT_MESSAGES, enrolmentSettingsInputSchema } from '@loyalty/contracts';
import { apiError, json, type Routes, serveRoutes } from '@/test/fake-api';

/**
 * The enrolment API on the shared fake API (`vi.mock('@/lib/api', () => import('@/test/fake-api'))`):
 * `server` holds the settings, checks PUT bodies with the contract (a slug in `takenSlugs` is 409 at `slug`,
 * as the API answers) and serves a tiny PNG and PDF as the poster. `reset()` starts afresh and serves it.
 */
const DEFAULTS = {
  enabled: false,
  slug: 'blue-bottle',
  welcomePoints: 0,
  requireEmail: false,
  termsUrl: '',
  allowedCountries: ['HK'],
};

const withUrl = (settings: Record<string, unknown>) => ({
  ...settings,
  joinUrl: `${server.publicUrl}/join/${settings.slug}`,
});

const routes: Routes = {
  'GET /api/tenants/enrolment/poster.:format': ({ params: { format = '' }, query }) => {
    server.posters.push(format);
    server.posterLanguages.push(query.language ?? null);
    const type = format === 'pdf' ? 'application/pdf' : 'image/png';
    return new Response(new Uint8Array([1, 2, 3]), { status: 200, headers: { 'content-type': type } });
  },
  'GET /api/tenants/enrolment': () => json(withUrl(server.stored)),
  '/api/tenants/enrolment': ({ body }) => {
    server.put.push(body);
    const parsed = enrolmentSettingsInputSchema.safeParse(body);
    if (!parsed.success) return apiError(400, 'Validation failed');
    if (server.takenSlugs.has(parsed.data.slug)) {
      return apiError(409, ENROLMENT_MESSAGES.slugTaken, {
        error: 'CONFLICT',
        errors: { slug: ENROLMENT_MESSAGES.slugTaken },
      });
    }
    server.stored = parsed.data;
    return json(withUrl(parsed.data));
  },
};

export const server = {
  stored: { ...DEFAULTS } as Record<string, unknown>,
  put: [] as unknown[],
  posters: [] as string[],
  /** The `language` each poster request asked for, in order. */
  posterLanguages: [] as (string | null)[],
  takenSlugs: new Set<string>(),
  /** The API's PUBLIC_URL, the start of `joinUrl`. */
  publicUrl: 'https://loyalty.example',
  reset() {
    server.publicUrl = 'https://loyalty.example';
    server.stored = { ...DEFAULTS };
    server.put = [];
    server.posters = [];
    server.posterLanguages = [];
    server.takenSlugs = new Set();
    serveRoutes(routes);
  },
};
