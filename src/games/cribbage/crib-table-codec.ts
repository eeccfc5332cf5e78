/** Whole numbers (sums of crib shows) as 32-bit little-endian words in base64: compact data that runs in the browser too. */
export function encodeTable(values: readonly number[]): string {
  let bin = "";
  for (const v of values) {
    if (!Number.isInteger(v) || v < 0 || v >= 2 ** 32) throw new Error(`not a 32-bit word: ${v}`);
    bin += String.fromCharCode(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, v >>> 24);
  }
  return btoa(bin);
}

export function decodeTable(text: string): Uint32Array {
  const bin = atob(text);
  const out = new Uint32Array(bin.length / 4);
  for (let i = 0; i < out.length; i++) {
    const b = 4 * i;
    out[i] =
      (bin.charCodeAt(b) |
        (bin.charCodeAt(b + 1) << 8) |
        (bin.charCodeAt(b + 2) << 16) |
        (bin.charCodeAt(b + 3) << 24)) >>>
      0;
  }
  return out;
}
