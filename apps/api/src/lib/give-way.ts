import { setImmediate } from 'node:timers/promises';

/**
 * Lets the event loop take what is waiting (requests, timers, socket reads) before a long job goes on. On the
 * embedded engine PGlite runs its queries in this very thread and answers them with promises only, so a job
 * that awaits nothing but its queries never lets a request in until it ends: a 100,000-row import froze the
 * server for its whole run. A job of many steps calls this between them (setImmediate runs after
 * the loop's poll for I/O, which a resolved promise never reaches).
 */
export const giveWay = (): Promise<void> => setImmediate();
