import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient } from './api-client';
import { uploadImage } from './upload-image';

function clientAnswering(response: Response) {
  const seen: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    seen.push({ url: String(url), init });
    return response;
  });
  const client = createApiClient({ getToken: async () => 'token', getTenantId: () => 't-1', fetch });
  return { client, seen };
}

const file = () => new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });

describe('uploadImage', () => {
  it('posts one multipart file field with the tunnel header and answers the message URL', async () => {
    const { client, seen } = clientAnswering(
      new Response(JSON.stringify({ message: '/files/t-1/abc.png' }), { status: 200 }),
    );
    await expect(uploadImage(file(), client)).resolves.toBe('/files/t-1/abc.png');
    const [call] = seen;
    expect(call?.url).toBe('/api/oci-object-storage');
    expect(call?.init.method).toBe('POST');
    const headers = new Headers(call?.init.headers);
    expect(headers.get('ngrok-skip-browser-warning')).toBe('true');
    expect(headers.get('Authorization')).toBe('Bearer token');
    expect(headers.get('Content-Type')).toBeNull();
    const body = call?.init.body as FormData;
    expect([...body.keys()]).toEqual(['file']);
    expect((body.get('file') as File).name).toBe('logo.png');
  });

  it('fails with "Failed to upload image", keeping the server error as the cause', async () => {
    const { client } = clientAnswering(
      new Response(JSON.stringify({ status: 415, message: 'Only PNG, JPEG or WEBP images are accepted' }), {
        status: 415,
      }),
    );
    const error = await uploadImage(file(), client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Failed to upload image');
    expect((error as Error).cause).toBeInstanceOf(ApiError);
    expect(((error as Error).cause as ApiError).status).toBe(415);
  });
});
