import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** A multipart/form-data body built by hand, so tests control every byte (names, declared types, sizes). */
export function multipartBody(
  parts: ({ name: string; value: string } | { name: string; filename: string; type: string; data: Buffer })[],
) {
  const boundary = `----loyalty${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('filename' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const fileBody = (data: Buffer, filename = 'image.png', type = 'image/png') =>
  multipartBody([{ name: 'file', filename, type, data }]);

/** A real image drawn by sharp: two colour blocks, so a wrong decode shows in the pixels. */
export function generatedImage(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 64, height = 48) {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } }).composite([
    {
      input: {
        create: { width: Math.ceil(width / 2), height, channels: 3, background: { r: 20, g: 120, b: 220 } },
      },
      left: 0,
      top: 0,
    },
  ]);
  return base.toFormat(format).toBuffer();
}
