// do-not-zip (passkit-generator's own zip writer) ships no types: the one call the pass builder makes.
declare module 'do-not-zip' {
  export function toArray(files: { path: string; data: Uint8Array | string }[]): number[];
}
