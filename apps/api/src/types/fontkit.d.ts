// fontkit ships no types: the parts the server's text drawing (lib/fonts.ts) uses.
declare module 'fontkit' {
  export type GlyphPosition = { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number };
  export type Glyph = { id: number; path: { toSVG(): string } };
  export type GlyphRun = { glyphs: Glyph[]; positions: GlyphPosition[] };
  export type Font = {
    unitsPerEm: number;
    ascent: number;
    descent: number;
    familyName: string;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): GlyphRun;
  };
  export function create(buffer: Buffer): Font;
}
