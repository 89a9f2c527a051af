/**
 * docs/spec/access-and-identity.md §2: the phone on the verification screen shows the first country digit, a masked middle and the
 * last four digits ("+85291234567" → "+8••••••4567"), so a shoulder-surfer cannot read it whole.
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 5) return phone.trim();
  return `+${digits.slice(0, 1)}${'•'.repeat(digits.length - 5)}${digits.slice(-4)}`;
}
