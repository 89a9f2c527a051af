import { Negotiator } from '@fastify/accept-negotiator';
import { type Language, languagesOfHeader, localeFromLanguages } from '@loyalty/contracts';
import type { FastifyRequest } from 'fastify';
import { escapeHtml } from '../../lib/escape-html';

const answers = new Negotiator({ supportedValues: ['application/json', 'text/html'] });

/** A browser navigating (Accept: text/html first) rather than an API client (JSON, or anything). */
export function wantsHtml(request: FastifyRequest): boolean {
  return answers.negotiate(request.headers.accept ?? '') === 'text/html';
}

const TEXTS: Record<Language, { title: string; body: string; action: string }> = {
  en: {
    title: 'This link has expired',
    body: 'Wallet links work for 10 minutes. Open your card again and tap the button there.',
    action: 'Open my card',
  },
  'zh-Hant': {
    title: '此連結已過期',
    body: '電子錢包連結只在 10 分鐘內有效。請重新打開您的會員卡，再點一次按鈕。',
    action: '打開我的會員卡',
  },
  'zh-Hans': {
    title: '此链接已过期',
    body: '电子钱包链接只在 10 分钟内有效。请重新打开您的会员卡，再点一次按钮。',
    action: '打开我的会员卡',
  },
};

/**
 * What a customer's browser shows for a dead or expired wallet link, in the browser's language: a page with a
 * way back to the card (which makes a fresh link), instead of the API's JSON error.
 */
export function expiredLinkPage(request: FastifyRequest, slug: string): string {
  const language = localeFromLanguages(languagesOfHeader(request.headers['accept-language']));
  const text = TEXTS[language];
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(text.title)}</title>
<style>body{font:16px/1.6 system-ui,-apple-system,"Segoe UI","PingFang TC","Noto Sans CJK TC",sans-serif;max-width:26rem;margin:0 auto;padding:3rem 1.25rem;color:#111;text-align:center}h1{font-size:1.5rem;margin:0 0 .75rem}a{display:inline-block;margin-top:1.5rem;padding:.75rem 1.5rem;border-radius:.5rem;background:#111;color:#fff;text-decoration:none;font-weight:600}@media(prefers-color-scheme:dark){body{background:#111;color:#eee}a{background:#eee;color:#111}}</style>
</head>
<body>
<h1>${escapeHtml(text.title)}</h1>
<p>${escapeHtml(text.body)}</p>
<a href="/card/${encodeURIComponent(slug)}">${escapeHtml(text.action)}</a>
</body>
</html>
`;
}
