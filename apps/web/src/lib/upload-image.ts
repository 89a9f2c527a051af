import { UPLOAD_MESSAGES, UPLOAD_PATH, uploadResultSchema } from '@loyalty/contracts';
import { api } from './api';
import type { ApiClient } from './api-client';

/** docs/spec/data-screens.md §7: membership and upload calls skip a tunnelling service's browser warning. */
const TUNNEL_WARNING_HEADER = { 'ngrok-skip-browser-warning': 'true' } as const;

/**
 * Uploads one image (multipart, one `file` field) and answers its URL (the answer's `message`).
 * Any failure becomes "Failed to upload image"; the original error (an ApiError with its status) is the `cause`.
 */
export async function uploadImage(file: File, client: ApiClient = api): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  try {
    const result = await client.post(UPLOAD_PATH, form, { schema: uploadResultSchema, headers: TUNNEL_WARNING_HEADER });
    return result.message;
  } catch (error) {
    throw new Error(UPLOAD_MESSAGES.failed, { cause: error });
  }
}
