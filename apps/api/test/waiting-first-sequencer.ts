import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { WAITING_FILES } from '../vitest.projects';

const rank = (spec: TestSpecification) =>
  WAITING_FILES.findIndex((file) => spec.moduleId.endsWith(`/apps/api/${file}`));

/**
 * Vitest's order (slowest known first, else largest), except that the waiting files (WAITING_FILES in apps/api/vitest.projects.ts) start first,
 * longest first: left to the end (a fresh clone has no timings, and projects are queued one after the other), they
 * made a tail of several minutes in which one worker waited and the other cores had nothing to do.
 */
export default class WaitingFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waiting = sorted.filter((spec) => rank(spec) >= 0).sort((a, b) => rank(a) - rank(b));
    return [...waiting, ...sorted.filter((spec) => rank(spec) < 0)];
  }
}
