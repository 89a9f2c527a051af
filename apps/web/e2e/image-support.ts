/** Images for the upload specs: small real PNGs, and dropping a file on a drop zone. */

import { crc32, deflateSync } from 'node:zlib';
import type { Locator } from '@playwright/test';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small real PNG: a diagonal two-colour pattern, so a wrong crop or a missing image shows on a screenshot. */
export function png(width: number, height: number, a: [number, number, number], b: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++) rows.push(...((x + y) % 40 < 20 ? a : b));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Drops a file on a zone the way a browser does: a DataTransfer holding a File, and dragenter, dragover and
 * drop dispatched on the zone element.
 */
export async function dropFile(zone: Locator, name: string, bytes: Buffer, type = 'image/png') {
  await zone.evaluate(
    (element, { name, base64, type }) => {
      const binary = atob(base64);
      const data = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i);
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type }));
      for (const event of ['dragenter', 'dragover', 'drop']) {
        element.dispatchEvent(new DragEvent(event, { bubbles: true, cancelable: true, dataTransfer: transfer }));
      }
    },
    { name, base64: bytes.toString('base64'), type },
  );
}
