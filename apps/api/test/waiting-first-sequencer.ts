import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that spend most of their time waiting rather than computing: each spawns real servers on data folders
 * of their own, kills them, and waits for a job's expiry or a restart (docs/capacity.md, "The suite's time"). Longest
 * first, as measured on a quiet machine.
 */
const WAITING = [
  'test/backup-while-serving.test.ts',
  'test/google-wallet-crash.test.ts',
  'test/messages-crash.test.ts',
  'test/wallet-crash.test.ts',
  'test/webhooks-crash.test.ts',
  'test/backup-restore.test.ts',
  'test/start-script.test.ts',
  'test/crash-safety.test.ts',
  'src/modules/automations/killed-run.test.ts',
];

const rank = (spec: TestSpecification) => WAITING.findIndex((file) => spec.moduleId.endsWith(`/apps/api/${file}`));

/**
 * Vitest's order (slowest known first, else largest), except that the waiting files of every project start first:
 * left to the end (a fresh clone has no timings, and projects are queued one after the other), they made a tail of
 * several minutes in which one worker waited and the other cores had nothing to do.
 */
export default class WaitingFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const waiting = sorted.filter((spec) => rank(spec) >= 0).sort((a, b) => rank(a) - rank(b));
    return [...waiting, ...sorted.filter((spec) => rank(spec) < 0)];
  }
}
