/** Words that read the same in every language: product names and each language's own name in the switcher. */
const EVERY_LANGUAGE = ['Loyalty Portal', 'Firebase Auth Emulator', 'Firebase', 'reCAPTCHA', 'Google', 'English'];
/** The toaster's screen-reader label, components/ui/toaster (shared by every screen, translated with the shell). */
const SHARED = ['Notifications (F8)'];

/**
 * The English words a screen still shows in another language: its text, placeholders and accessible names, less
 * the product names and the `data` the test itself put there (names, e-mails, phone numbers).
 */
export function englishLeft(data: string[] = [], root: HTMLElement = document.body): string[] {
  const texts = [root.textContent ?? ''];
  for (const element of root.querySelectorAll('[placeholder], [aria-label], [title]')) {
    for (const attribute of ['placeholder', 'aria-label', 'title']) texts.push(element.getAttribute(attribute) ?? '');
  }
  let all = texts.join('\n');
  for (const allowed of [...data, ...EVERY_LANGUAGE, ...SHARED]) all = all.split(allowed).join(' ');
  return all.match(/[A-Za-z]{2,}/g) ?? [];
}
