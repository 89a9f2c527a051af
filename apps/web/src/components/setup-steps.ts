import type { SetupStepKey } from '@loyalty/contracts';
import type { MessageKey } from '@/lib/i18n/i18n';

/** Where each first-run step is done, and what it says (docs/design.md §9, First run). */
export const SETUP_STEP_PLACES: Record<SetupStepKey, { to: string; label: MessageKey; hint: MessageKey }> = {
  points: { to: '/point-settings', label: 'setup.points', hint: 'setup.pointsHint' },
  card: { to: '/wallet-settings', label: 'setup.card', hint: 'setup.cardHint' },
  store: { to: '/store-settings', label: 'setup.store', hint: 'setup.storeHint' },
  // The enrolment screen proposes a join address from the store's name; switching the page on is the step.
  join: { to: '/enrolment', label: 'setup.join', hint: 'setup.joinHint' },
  poster: { to: '/enrolment', label: 'setup.poster', hint: 'setup.posterHint' },
  firstMember: { to: '/members', label: 'setup.firstMember', hint: 'setup.firstMemberHint' },
};

/** Where the checklist leads once every required step is done: the first purchase at the counter. */
export const AFTER_SETUP = { to: '/counter', label: 'setup.counter', hint: 'setup.counterHint' } as const;

/**
 * The step to offer after `current` is done: the first one not done after it in the checklist's order, else
 * the first one not done before it; undefined when nothing is left.
 */
export function nextSetupStep(
  steps: readonly { key: SetupStepKey; done: boolean }[],
  current: SetupStepKey,
): SetupStepKey | undefined {
  const at = steps.findIndex((step) => step.key === current);
  const open = (step: { key: SetupStepKey; done: boolean }) => !step.done && step.key !== current;
  return (steps.slice(at + 1).find(open) ?? steps.slice(0, Math.max(at, 0)).find(open))?.key;
}
