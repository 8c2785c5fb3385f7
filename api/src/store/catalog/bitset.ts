/**
 * Row sets as bitsets (bit r of word r >> 5): the text matches and the facet index's per-value
 * row sets, so AND and OR over sets of tens of thousands of rows cost a few thousand word
 * operations instead of a merge over every row.
 */

/** Words for a bitset over `rows` rows. */
export const wordsFor = (rows: number): number => (rows + 31) >>> 5;

/** A bitset of the given (any order) rows. */
export function bitsOfRows(rows: ArrayLike<number>, words: number): Uint32Array {
  const bits = new Uint32Array(words);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    bits[r >>> 5]! |= 1 << (r & 31);
  }
  return bits;
}

/** The rows of a bitset, ascending. */
export function rowsOfBits(bits: Uint32Array): Int32Array {
  const out = new Int32Array(countBits(bits));
  let k = 0;
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w]!;
    while (x !== 0) {
      const t = x & -x;
      out[k++] = (w << 5) | (31 - Math.clz32(t));
      x ^= t;
    }
  }
  return out;
}

/** Number of rows in a bitset. */
export function countBits(bits: Uint32Array): number {
  let n = 0;
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w]! - ((bits[w]! >>> 1) & 0x55555555);
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    n += (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
  }
  return n;
}

export function andBits(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length);
  for (let w = 0; w < a.length; w++) out[w] = a[w]! & b[w]!;
  return out;
}

export function orBits(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length);
  for (let w = 0; w < a.length; w++) out[w] = a[w]! | b[w]!;
  return out;
}
