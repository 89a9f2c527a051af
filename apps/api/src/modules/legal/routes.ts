import { LANGUAGES, type Language, languagesOfHeader, localeFromLanguages } from '@loyalty/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../../lib/escape-html';
import { LEGAL_TEXTS, type LegalPage } from './texts';

const querySchema = z.object({ lang: z.enum(LANGUAGES).optional() });

/** One self-contained page (no script): readable before sign-in, in a new tab, on any screen. */
function legalPageHtml(page: LegalPage, language: Language): string {
  const text = LEGAL_TEXTS[page][language];
  const sections = text.sections
    .map(([heading, body]) => `<h2>${escapeHtml(heading)}</h2>\n<p>${escapeHtml(body)}</p>`)
    .join('\n');
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(text.title)}</title>
<style>body{font:16px/1.6 system-ui,-apple-system,"Segoe UI","PingFang TC","Noto Sans CJK TC",sans-serif;max-width:42rem;margin:0 auto;padding:2rem 1.25rem;color:#111}h1{font-size:1.75rem;margin:0 0 .5rem}h2{font-size:1.1rem;margin:1.5rem 0 .25rem}p{margin:0}.lead{color:#555}@media(prefers-color-scheme:dark){body{background:#111;color:#eee}.lead{color:#aaa}}</style>
</head>
<body>
<h1>${escapeHtml(text.title)}</h1>
<p class="lead">${escapeHtml(text.updated)}</p>
${sections}
</body>
</html>
`;
}

/**
 * The registration screen's Terms of Service and Privacy Policy links: the operator's own pages when
 * TERMS_URL / PRIVACY_URL are set (a redirect), else the product's own, in `?lang` or the browser's language.
 */
export const legalRoutes: FastifyPluginAsync<{ termsUrl?: string; privacyUrl?: string }> = async (app, opts) => {
  const serve = (page: LegalPage, replacement: string | undefined) =>
    app.get(
      `/${page}`,
      { config: { access: 'public' }, schema: { hide: true, querystring: querySchema } },
      async (request, reply) => {
        if (replacement) return reply.redirect(replacement, 302);
        const { lang } = request.query as z.infer<typeof querySchema>;
        const language = lang ?? localeFromLanguages(languagesOfHeader(request.headers['accept-language']));
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .send(legalPageHtml(page, language));
      },
    );
  serve('terms', opts.termsUrl);
  serve('privacy', opts.privacyUrl);
};
