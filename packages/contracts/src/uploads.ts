import { z } from 'zod';

/** The upload call's path (docs/spec/data-screens.md §7: named after OCI object storage). */
export const UPLOAD_PATH = '/api/oci-object-storage';

/** Image types the upload call accepts, decided by content (docs/design.md §4). */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];

/** The largest side an uploaded image keeps after re-encoding. */
export const UPLOAD_MAX_SIDE = 4096;

/** Upload result (docs/spec/data-screens.md §3): `message` holds the image URL. */
export const uploadResultSchema = z.object({ message: z.string() });
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const UPLOAD_MESSAGES = {
  failed: 'Failed to upload image',
  missingFile: 'A file field with an image is required',
  unsupported: 'Only PNG, JPEG or WEBP images are accepted',
  undecodable: 'The file is not a valid image',
  tooLarge: (maxBytes: number) => `The file is larger than ${Math.floor(maxBytes / 1024 / 1024)} MiB`,
} as const;
