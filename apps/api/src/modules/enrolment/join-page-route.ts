import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { languagesOfHeader, localeFromLanguages, type PublicJoinInfo } from '@loyalty/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { EnrolmentConfig } from '../../config';
import { fileAnswer, MEDIA } from '../../lib/openapi-answers';
import { joinInfo } from './customer';
import { joinPageHtml, type ServerTexts, serverI18n } from './join-page-html';
import { findJoinPage } from './repository';

/** Written by the web build beside customer.html (apps/web/build/server-texts.ts). */
const TEXTS_FILE = 'customer-texts.json';
const SLUG = /^[A-Za-z0-9-]{1,64}$/;
/** How long a slug's branding (or its absence) is reused: a change of settings shows within this. */
const CACHE_MS = 10_000;
const CACHE_MAX = 1_000;

/**
 * `GET /join/<slug>` answered with its first paint (docs/design.md §8: its largest paint): customer.html with the
 * branding inlined and the first screen in the customer's language, so a phone on a slow network paints the
 * page from this one answer, before any script or API call. Unknown or closed slug: customer.html as it is,
 * with 404 (the page then says so, as before). Registered only when the build has the customer pages.
 */
export async function joinPageRoutes(app: FastifyInstance, opts: { root: string; config: EnrolmentConfig }) {
  const textsPath = join(opts.root, TEXTS_FILE);
  if (!app.servesCustomerPages || !existsSync(textsPath)) {
    app.log.warn({ root: opts.root }, 'no customer-texts.json in the build: /join pages are not painted by the server');
    return;
  }
  // The build does not change under a running server: read once.
  const template = readFileSync(join(opts.root, 'customer.html'), 'utf8');
  if (!template.includes('<div id="root"></div>')) throw new Error('customer.html has no empty <div id="root">');
  const i18n = serverI18n(JSON.parse(readFileSync(textsPath, 'utf8')) as ServerTexts);

  // A page load is one read at most per slug per CACHE_MS, whatever the traffic (a QR code on a busy counter).
  const cache = new Map<string, { at: number; info: PublicJoinInfo | null }>();
  const branding = async (slug: string): Promise<PublicJoinInfo | null> => {
    const key = slug.toLowerCase();
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.info;
    const page = await findJoinPage(app.db, key);
    const info = page?.enabled ? joinInfo(page) : null;
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(key, { at: Date.now(), info });
    return info;
  };
  // Past the per-address limit of the public calls the page is sent unpainted: no read, and the page's own
  // call to the API meets that API's limits.
  const perIp = app.createRateLimit({
    max: opts.config.perIpPerMinute,
    timeWindow: 60_000,
    keyGenerator: (r) => `join-page-ip:${r.ip}`,
  });

  const page = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language')
      .send(html);

  const schema = {
    tags: ['enrolment'],
    summary:
      "The customer's join page (HTML, in the browser's language); 404 with the same page when the link is closed",
    params: z.object({ slug: z.string() }),
    response: { 200: fileAnswer(MEDIA.html, 'The join page'), 404: fileAnswer(MEDIA.html, 'The join page, closed') },
  };
  app.get<{ Params: { slug: string } }>('/join/:slug', { schema }, async (request, reply) => {
    const { slug } = request.params;
    if (!SLUG.test(slug)) return page(reply, 404, template);
    const limit = await perIp(request);
    if (!limit.isAllowed && limit.isExceeded) return page(reply, 200, template);
    const info = await branding(slug);
    if (!info) return page(reply, 404, template);
    const locale = localeFromLanguages(languagesOfHeader(request.headers['accept-language']));
    return page(reply, 200, joinPageHtml(template, info, locale, i18n[locale]));
  });
}
