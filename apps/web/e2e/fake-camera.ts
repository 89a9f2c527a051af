import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

const WIDTH = 640;
const HEIGHT = 480;
const MODULE_PX = 12;

/**
 * A one-frame `.y4m` video of a QR code holding `text`, for Chromium's fake camera
 * (`--use-file-for-fake-video-capture`, docs/design.md §8 facts): black modules on white, centred, with its quiet zone.
 * The QR is drawn by zxing-wasm's writer (the same library the counter decodes with), its wasm read from disk.
 */
export async function writeQrVideo(text: string, path: string): Promise<void> {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm');
  await prepareZXingModule({ overrides: { wasmBinary: readFileSync(wasm).buffer }, fireImmediately: true });
  const { symbol, error } = await writeBarcode(text, { format: 'QRCode', scale: 1 });
  if (!symbol || error) throw new Error(`QR for ${text}: ${error}`);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  const left = Math.floor((WIDTH - symbol.width * MODULE_PX) / 2);
  const top = Math.floor((HEIGHT - symbol.height * MODULE_PX) / 2);
  for (let y = 0; y < symbol.height * MODULE_PX; y++) {
    for (let x = 0; x < symbol.width * MODULE_PX; x++) {
      const module = symbol.data[Math.floor(y / MODULE_PX) * symbol.width + Math.floor(x / MODULE_PX)] ?? 255;
      luma[(top + y) * WIDTH + left + x] = module;
    }
  }
  // 4:2:0 chroma at half resolution; 128 is no colour.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
  writeFileSync(path, Buffer.concat([header, luma, chroma]));
}
