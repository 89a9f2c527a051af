import { SETUP_STEPS } from '@loyalty/contracts';
import { describe, expect, it } from 'vitest';
import { nextSetupStep } from './setup-steps';

const steps = (done: string[]) => SETUP_STEPS.map((key) => ({ key, done: done.includes(key) }));

describe('the next first-run step after one is saved', () => {
  it('is the next one not done in the checklist’s order, the optional card included', () => {
    expect(nextSetupStep(steps([]), 'points')).toBe('card');
    expect(nextSetupStep(steps(['points', 'card']), 'card')).toBe('store');
    expect(nextSetupStep(steps(['points', 'card', 'store']), 'join')).toBe('poster');
    expect(nextSetupStep(steps(['points', 'card', 'store', 'join']), 'poster')).toBe('firstMember');
  });

  it('goes back to one left undone before it, and is undefined when nothing is left', () => {
    expect(nextSetupStep(steps(['store', 'join', 'poster', 'firstMember']), 'poster')).toBe('points');
    // The step just saved counts as done even when the checklist was read before the save landed.
    expect(nextSetupStep(steps(['points', 'card', 'store', 'join', 'firstMember']), 'poster')).toBeUndefined();
  });
});
