import { describe, expect, it } from 'vitest';
import { niceStep } from './tier-mix-chart';

describe('niceStep', () => {
  it.each([
    [88, 25],
    [19, 5],
    [100, 25],
    [3, 1],
    [0, 1],
    [1234, 350],
    [40, 10],
  ])('gives round ticks from 0 up to %i: a step of %i', (max, step) => {
    expect(niceStep(max)).toBe(step);
  });
});
