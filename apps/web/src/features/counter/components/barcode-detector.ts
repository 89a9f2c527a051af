// The detector behind the Scan button. The browser's own BarcodeDetector where there is one (Chrome on
// Android and macOS); elsewhere (Debian's Chromium, Firefox, Safari) the `barcode-detector` ponyfill over
// zxing-wasm. Both are loaded only when Scan is pressed: the wasm is ~460 KB gzip, the ponyfill 15 KB.
// The wasm comes from our own origin (Vite's `?url`), never the CDN the ponyfill would fetch by default: a
// till is often offline or firewalled, and the CDN failure reads as "Barcode detection service unavailable".
// zxing-wasm is pinned to the version barcode-detector 3.2.2 bundles (3.1.3); another version's wasm with this
// code fails with "memory access out of bounds" (docs/design.md §8, facts).

export type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorClass = new (options?: { formats?: string[] }) => Detector;

/** The codes a membership card carries: its QR and the Code128 alternative. */
const FORMATS = ['qr_code', 'code_128'];

export async function createDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass & { getSupportedFormats?: () => Promise<string[]> } })
    .BarcodeDetector;
  if (native) {
    const supported = native.getSupportedFormats ? await native.getSupportedFormats().catch(() => []) : FORMATS;
    if (FORMATS.some((format) => supported.includes(format))) return new native({ formats: FORMATS });
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  });
  return new BarcodeDetector({ formats: FORMATS as ('qr_code' | 'code_128')[] });
}
