/**
 * A Bloom filter of texts: `mayHave` is true for every text added, and false for nearly all others
 * (about 1 in 1,400 answers true by chance while no more texts were added than it was made for,
 * about 1 in 40 at twice as many). What it is for: asking the database only about the few texts a
 * set may hold, instead of about every one (an import's IGSNs against the registry,
 * modules/igsn/igsn-held.ts).
 */
export class TextFilter {
  private readonly words: Uint32Array;
  private readonly mask: number;

  /** A filter for about `texts` texts (16 bits each, rounded up to a power of two, from 64 KiB to 16 MiB). */
  constructor(texts: number) {
    let bits = MIN_BITS;
    while (bits < texts * BITS_PER_TEXT && bits < MAX_BITS) bits *= 2;
    this.words = new Uint32Array(bits / 32);
    this.mask = bits - 1;
  }

  add(text: string): void {
    const [first, step] = hashes(text);
    for (let probe = 0, at = first; probe < PROBES; probe += 1, at = (at + step) | 0) {
      const bit = at & this.mask;
      this.words[bit >>> 5] |= 1 << (bit & 31);
    }
  }

  mayHave(text: string): boolean {
    const [first, step] = hashes(text);
    for (let probe = 0, at = first; probe < PROBES; probe += 1, at = (at + step) | 0) {
      const bit = at & this.mask;
      if ((this.words[bit >>> 5] & (1 << (bit & 31))) === 0) return false;
    }
    return true;
  }
}

/** 16 bits a text and 7 probes: (1 - e^(-7/16))^7 ≈ 0.07 % false positives at the size planned (11 probes would give 0.05 %, at more cost per text). */
const BITS_PER_TEXT = 16;
const PROBES = 7;
const MIN_BITS = 2 ** 19;
/** 16 MiB: a filter for more texts than 8M gives more false positives, never a wrong "no". */
const MAX_BITS = 2 ** 27;

/** Two independent 32-bit FNV-1a hashes of the UTF-16 code units (double hashing: probe i at first + i·step). */
function hashes(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
  }
  b ^= b >>> 15;
  // An odd step visits as many bits as a power-of-two table has before repeating.
  return [a ^ (a >>> 16), b | 1];
}
