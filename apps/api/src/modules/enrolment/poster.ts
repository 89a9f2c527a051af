import type { Language } from '@loyalty/contracts';
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import sharp, { type OverlayOptions } from 'sharp';
import { svgText } from '../../lib/fonts';
import { FILES_PREFIX } from '../../lib/own-upload';
import type { StorageDriver } from '../../storage';

/** A4 at 150 dpi: sharp enough to print, small enough to send (about 100 KB). */
const WIDTH = 1240;
const HEIGHT = 1754;
const A4_POINTS: [number, number] = [595.28, 841.89];

const SCAN_TO_JOIN: Record<Language, { title: string; line: string }> = {
  en: { title: 'Scan to join', line: 'Join our loyalty programme and collect points' },
  'zh-Hant': { title: '掃描加入會員', line: '加入我們的會員計劃，累積積分' },
  'zh-Hans': { title: '扫码加入会员', line: '加入我们的会员计划，累积积分' },
};

export type PosterInput = {
  tenantId: string;
  storeName: string;
  logoUrl: string;
  joinUrl: string;
  language: Language;
  /** The card's colours, for the band behind the name. */
  backgroundColor: string;
  foregroundColor: string;
};

/** Every line of text the poster draws, in order: store name, call to join, its line, the URL. */
export function posterTexts(input: Pick<PosterInput, 'storeName' | 'language' | 'joinUrl'>): string[] {
  const words = SCAN_TO_JOIN[input.language];
  return [input.storeName.slice(0, 60), words.title, words.line, input.joinUrl];
}

const HEX = /^#[0-9a-f]{6}$/i;
const colour = (value: string, fallback: string) => (HEX.test(value) ? value : fallback);

/** The tenant's own uploaded logo, or null (a missing or foreign image leaves the poster without one). */
async function loadLogo(storage: StorageDriver, tenantId: string, url: string): Promise<Buffer | null> {
  if (!url.startsWith(FILES_PREFIX)) return null;
  const key = url.slice(FILES_PREFIX.length);
  if (!key.startsWith(`${tenantId}/`) || key.includes('..')) return null;
  const object = await storage.get(key).catch(() => null);
  if (!object) return null;
  return sharp(object.body).resize({ width: 560, height: 220, fit: 'inside' }).png().toBuffer();
}

/**
 * The printable poster as PNG: a band in the card's colour with the logo and store name, the QR of the join
 * URL, "Scan to join" in the poster's language and the URL itself. Text is drawn as glyph paths from the fonts
 * the product carries (lib/fonts.ts), so no system font is needed and the PDF only embeds this image.
 */
export async function posterPng(storage: StorageDriver, input: PosterInput): Promise<Buffer> {
  const background = colour(input.backgroundColor, '#a855f7');
  const foreground = colour(input.foregroundColor, '#ffffff');
  const words = SCAN_TO_JOIN[input.language];
  const logo = await loadLogo(storage, input.tenantId, input.logoUrl);
  const qr = await QRCode.toBuffer(input.joinUrl, { width: 820, margin: 2, errorCorrectionLevel: 'M' });
  const bandHeight = logo ? 480 : 300;
  const name = input.storeName.slice(0, 60);
  const language = input.language;
  const line = (text: string, y: number, size: number, fill: string, weight: 'regular' | 'bold' = 'regular') =>
    svgText(text, { x: WIDTH / 2, y, size, fill, weight, language, anchor: 'middle', maxWidth: WIDTH - 120 });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <rect width="100%" height="100%" fill="#ffffff"/>
  <rect width="100%" height="${bandHeight}" fill="${background}"/>
  ${line(name, bandHeight - 70, 72, foreground, 'bold')}
  ${line(words.title, bandHeight + 1000, 88, '#111111', 'bold')}
  ${line(words.line, bandHeight + 1100, 40, '#444444')}
  ${line(input.joinUrl, HEIGHT - 60, 30, '#666666')}
</svg>`;
  const layers: OverlayOptions[] = [{ input: qr, top: bandHeight + 60, left: Math.round((WIDTH - 820) / 2) }];
  if (logo) {
    const { width = 0 } = await sharp(logo).metadata();
    layers.push({ input: logo, top: 60, left: Math.round((WIDTH - width) / 2) });
  }
  return sharp(Buffer.from(svg)).composite(layers).png({ compressionLevel: 9 }).toBuffer();
}

/** The same poster on one A4 page: the PNG placed edge to edge (it has A4's proportions). */
export async function posterPdf(png: Buffer, title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setCreator('Loyalty Portal');
  const image = await pdf.embedPng(png);
  const page = pdf.addPage(A4_POINTS);
  page.drawImage(image, { x: 0, y: 0, width: A4_POINTS[0], height: A4_POINTS[1] });
  return Buffer.from(await pdf.save());
}

/** The URL a poster prints: the join page, or a branch's (`?branch={id}`: joining by it sets the home branch). */
export const posterJoinUrl = (joinUrl: string, branch?: string) =>
  branch ? `${joinUrl}?branch=${encodeURIComponent(branch)}` : joinUrl;
