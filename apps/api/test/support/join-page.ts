import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// customer.html as the web build writes it (apps/web/customer.html, stylesheet inlined), and the texts file the
// build writes beside it (apps/web/build/server-texts.ts: Lingui's compiled messages).
export const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Loyalty card</title>
    <script async src="/customer-preload.js"></script>
    <script type="module" crossorigin src="/assets/customer-AbC.js"></script>
    <style>.h-12{height:3rem}</style>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const texts = (joinTitle: unknown, welcome: unknown, smsNote: string) => ({
  'customer.joinTitle': joinTitle,
  'customer.welcomePoints': welcome,
  'customer.countryLabel': ['Country'],
  'customer.phoneLabel': ['Mobile'],
  'customer.sendCode': ['Send code'],
  'customer.smsNote': [smsNote],
  'language.label': ['Language'],
});
export const TEXTS = {
  en: texts(
    ['Join ', ['store']],
    [['points', 'plural', { one: ['Join now and get ', '#', ' point'], other: ['Join now and get ', '#', ' points'] }]],
    'We will text you a code to confirm your number.',
  ),
  'zh-Hant': texts(
    ['加入', ['store']],
    [['points', 'plural', { other: ['立即加入即送 ', '#', ' 積分'] }]],
    '我們會傳送驗證碼。',
  ),
  'zh-Hans': texts(
    ['加入', ['store']],
    [['points', 'plural', { other: ['立即加入即送 ', '#', ' 积分'] }]],
    '我们会发送验证码。',
  ),
};
/** A web build folder with just what the server reads to paint /join pages: index.html, customer.html and its texts. */
export function webDistFixture(): string {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-join-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Loyalty Portal</title>');
  writeFileSync(join(dist, 'customer.html'), TEMPLATE);
  writeFileSync(join(dist, 'customer-texts.json'), JSON.stringify(TEXTS));
  return dist;
}
