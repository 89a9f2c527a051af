import { type MemberRow, personInitials, personName } from '@loyalty/contracts';

/** A member's name in its script's order (陳大文, Ada Lovelace): the shared rule, so every screen agrees. */
export const fullName = (m: Pick<MemberRow, 'firstName' | 'lastName'>) => personName(m);

/** The avatar's letters: the family name for Chinese names (陳), first letters of both otherwise (AL). */
export const initials = (m: Pick<MemberRow, 'firstName' | 'lastName'>) => personInitials(m);

/** Spec: the level badge is secondary when Basic (and when there is no tier). */
export const levelVariant = (name: string | null) =>
  !name || name.trim().toLowerCase() === 'basic' ? ('secondary' as const) : ('default' as const);
