import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage-keys';
import { RESEND_LIMIT, RESEND_WINDOW_MS } from './verification-constants';

/** When codes were sent and when the current countdown began, per phone or flow (a "key"). */
interface ResendLog {
  sends: number[];
  countdownFrom: number | null;
}

// sessionStorage, not React state: a code sent on /register still counts once /register/verify mounts,
// and the limit holds across the reload that follows sending to a newly typed phone.
function loadLogs(): Record<string, ResendLog> {
  try {
    const parsed = JSON.parse(readStorage(STORAGE_KEYS.resendLog, sessionStorage) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, ResendLog>) : {};
  } catch {
    return {};
  }
}

const logs = {
  get: (key: string): ResendLog | undefined => loadLogs()[key],
  set: (key: string, log: ResendLog) =>
    writeStorage(STORAGE_KEYS.resendLog, JSON.stringify({ ...loadLogs(), [key]: log }), sessionStorage),
  delete: (key: string) => {
    const all = loadLogs();
    delete all[key];
    writeStorage(STORAGE_KEYS.resendLog, JSON.stringify(all), sessionStorage);
  },
  clear: () => writeStorage(STORAGE_KEYS.resendLog, '{}', sessionStorage),
};

export function readResendLog(key: string): Readonly<ResendLog> {
  const log = logs.get(key);
  return log && Array.isArray(log.sends) ? log : { sends: [], countdownFrom: null };
}

/** Counts a sent code and restarts the countdown; call after every successful send, automatic or not. */
export function recordCodeSent(key: string, now = Date.now()): void {
  const log = readResendLog(key);
  logs.set(key, { sends: [...log.sends.filter((t) => now - t < RESEND_WINDOW_MS), now], countdownFrom: now });
}

/** Restarts the countdown without counting a send (a code sent before a page reload). */
export function restartResendCountdown(key: string, now = Date.now()): void {
  logs.set(key, { ...readResendLog(key), countdownFrom: now });
}

export function clearResendLog(key?: string): void {
  if (key === undefined) logs.clear();
  else logs.delete(key);
}

/** Sends inside the window ending at `now`. */
export function sendsInWindow(sends: readonly number[], now: number, windowMs = RESEND_WINDOW_MS): number {
  return sends.filter((t) => now - t < windowMs).length;
}

export function isResendLimitReached(sends: readonly number[], now: number, limit = RESEND_LIMIT): boolean {
  return sendsInWindow(sends, now) >= limit;
}

/** Whole seconds left of a countdown of `seconds` that began at `from` (0 when none runs). */
export function countdownSecondsLeft(from: number | null, now: number, seconds: number): number {
  if (from === null) return 0;
  return Math.max(0, Math.ceil((from + seconds * 1000 - now) / 1000));
}
