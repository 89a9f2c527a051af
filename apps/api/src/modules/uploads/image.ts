import { UPLOAD_MAX_SIDE, UPLOAD_MESSAGES, type UploadImageType } from '@loyalty/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../../lib/errors';

const EXTENSIONS: Record<UploadImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** Decoding a small file into a huge bitmap is refused (about 7000 x 7000). */
const MAX_INPUT_PIXELS = 50_000_000;

// Markup or script that a browser could run if the file were ever sniffed as a page.
// A character after the short tag names keeps random compressed bytes from matching by chance.
const ACTIVE_CONTENT = /<(script|iframe|!doctype|\?php|(html|body|svg)[\s>])|javascript:/i;

const unsupported = () => new AppError(415, UPLOAD_MESSAGES.unsupported, { error: 'UNSUPPORTED_MEDIA_TYPE' });
const invalid = (message: string = UPLOAD_MESSAGES.undecodable) =>
  new AppError(400, message, { error: 'INVALID_IMAGE', errors: { file: message } });

/** Where a PNG's IEND chunk ends, walking the chunks; -1 when the structure is broken. */
function pngEnd(bytes: Buffer): number {
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const next = offset + 12 + length;
    if (next > bytes.length) return -1;
    if (type === 'IEND') return next;
    offset = next;
  }
  return -1;
}

/** True when bytes follow the image's own end (a polyglot: an image with a page or script appended). */
function hasTrailingData(bytes: Buffer, type: UploadImageType): boolean {
  if (type === 'image/png') return pngEnd(bytes) !== bytes.length;
  if (type === 'image/webp') {
    const riffEnd = 8 + bytes.readUInt32LE(4);
    return riffEnd + (riffEnd % 2) < bytes.length;
  }
  // JPEG: the last marker must be End Of Image.
  return !(bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9);
}

type CleanImage = { bytes: Buffer; contentType: UploadImageType; extension: string };

/**
 * Decides the type from the bytes (never the name or the declared type), refuses anything but PNG, JPEG and
 * WEBP and any file carrying more than its image, then re-encodes it with sharp: orientation applied, largest
 * side at most 4096 px, metadata stripped, same format out. Only the re-encoded bytes are ever stored.
 */
export async function cleanImage(input: Buffer): Promise<CleanImage> {
  const detected = await fileTypeFromBuffer(input);
  const contentType = detected?.mime as UploadImageType | undefined;
  if (!contentType || !(contentType in EXTENSIONS)) throw unsupported();
  if (hasTrailingData(input, contentType) || ACTIVE_CONTENT.test(input.toString('latin1'))) {
    throw invalid('The file holds more than an image (data after the image or embedded markup)');
  }
  let pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: UPLOAD_MAX_SIDE, height: UPLOAD_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  if (contentType === 'image/png') pipeline = pipeline.png({ compressionLevel: 9 });
  else if (contentType === 'image/jpeg') pipeline = pipeline.jpeg({ quality: 85, mozjpeg: true });
  else pipeline = pipeline.webp({ quality: 85 });
  let bytes: Buffer;
  try {
    bytes = await pipeline.toBuffer();
  } catch {
    throw invalid();
  }
  return { bytes, contentType, extension: EXTENSIONS[contentType] };
}
