import { activeLocale } from './i18n';

/**
 * A form's two name fields in the order the reader's language asks them: Chinese asks the family name first
 * (姓氏, then 名字), English the given name (docs/glossary.md, names of people). Call it while rendering with
 * `useT`, so a language switch re-renders the form in the new order.
 */
export function nameFieldsInOrder<T>(given: T, family: T): [T, T] {
  return activeLocale() === 'en' ? [given, family] : [family, given];
}
