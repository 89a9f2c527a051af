import type { ZodType } from 'zod';
import { apiError, type FakeRequest, json, notFound } from './fake-api';

/** What a settings stand-in remembers: the saved record, the bodies sent, and the failures a test asks for. */
interface SettingsState {
  stored: unknown;
  /** Every body sent to save, valid or not, in order. */
  saved: unknown[];
  gets: number;
  /** The next this many GETs answer 500. */
  getFailures: number;
  saveFails: boolean;
  /** While set, a GET (or a save) waits for it: to see the screen while its data is on the way. */
  getHold: Promise<void> | null;
  saveHold: Promise<void> | null;
}

export const freshSettingsState = (): SettingsState => ({
  stored: null,
  saved: [],
  gets: 0,
  getFailures: 0,
  saveFails: false,
  getHold: null,
  saveHold: null,
});

/**
 * A settings record as the API serves it (lib/settings-routes.ts on the server): GET answers the record or
 * 404 until one is saved; a save is checked with the contract's body schema (400 when invalid), then stored
 * whole and answered.
 */
export async function answerSettings<B>(
  state: SettingsState,
  bodySchema: ZodType<B>,
  { method, body }: FakeRequest,
): Promise<Response> {
  if (method === 'GET') {
    state.gets += 1;
    if (state.getHold) await state.getHold;
    if (state.getFailures > 0) {
      state.getFailures -= 1;
      return apiError(500, 'Database unavailable');
    }
    return state.stored ? json(state.stored) : notFound();
  }
  state.saved.push(body);
  if (state.saveHold) await state.saveHold;
  if (state.saveFails) return apiError(500, 'Internal server error');
  const parsed = bodySchema.safeParse(body);
  if (!parsed.success) return apiError(400, 'Validation failed');
  state.stored = parsed.data;
  return json(parsed.data);
}

/** The image upload (POST /api/oci-object-storage): a new URL each time, held or failed as the test asks. */
export async function answerUpload(state: {
  uploads: number;
  uploadHold: Promise<void> | null;
  uploadFails?: boolean;
}) {
  state.uploads += 1;
  const n = state.uploads;
  if (state.uploadHold) await state.uploadHold;
  if (state.uploadFails) return apiError(500, 'Internal server error');
  return json({ message: `/files/t-1/upload-${n}.png` });
}
