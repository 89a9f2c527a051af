/**
 * The English words still shown inside `root` on a Chinese screen: its text and its placeholders and accessible
 * names, minus what is data (tier names, sample values) or a product or file format name. The language tests of
 * the settings and memberships screens expect it to be empty.
 */
export function englishLeft(root: HTMLElement, data: string[] = []): string[] {
  const allowed = ['PNG', 'JPG', 'WEBP', 'Apple', 'Wallet', 'Enter', 'Space', ...data];
  const attributes = [...root.querySelectorAll('[placeholder], [aria-label], [alt]')].flatMap((element) =>
    ['placeholder', 'aria-label', 'alt'].map((name) => element.getAttribute(name) ?? ''),
  );
  let text = [root.textContent ?? '', ...attributes].join('\n');
  for (const word of allowed) text = text.split(word).join(' ');
  return text.match(/[A-Za-z]{2,}(?:[ ,.'][A-Za-z]+)*/g) ?? [];
}
