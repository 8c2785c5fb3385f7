/**
 * Assembled pages, kept without their CSP nonces (server-render throughput).
 *
 * A server-rendered page is the same for every request of the same release, URL, market, data,
 * chrome data and head extras, except for the response's two CSP nonces. The edge keeps it as a
 * `PageTemplate`: the page's text cut at every place a nonce goes, so a response is the pieces
 * joined with its own fresh nonces (no regular expression over 144 KB per request).
 *
 * Compressed bytes are kept too. A brotli stream cannot simply be concatenated, but it can hold
 * *uncompressed meta-blocks* (RFC 7932 section 9.2, ISUNCOMPRESSED): raw bytes the decoder copies
 * to its output. The template is compressed once, with a placeholder of the nonce's length in every
 * hole and a flush (which ends the meta-block and aligns the stream to a byte) before and after
 * each placeholder; the compressed pieces between the holes are kept, the placeholders' own
 * meta-blocks dropped, and each response puts an uncompressed meta-block holding its real nonce in
 * every hole. That is a valid stream for the real text when the compressed pieces never refer to
 * the placeholders' bytes and the decoder's state after a hole does not depend on what the hole
 * holds:
 * - placeholder bytes are control characters that occur nowhere in the page, every pair of them
 *   at most once among all holes, and each hole starts and ends with a byte of its own: no
 *   back-reference of the compressor can copy from a hole, nor span one;
 * - literal context modelling is off (BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING): a literal's
 *   code does not depend on the two bytes before it (which would be the nonce's last two);
 * - a placeholder has no repeats, so it is coded as literals only and leaves the distance cache as
 *   an uncompressed block does.
 * Every build is checked: the assembled stream is decoded with three pairs of nonces (all '0', all
 * 'f', random) and compared with the joined text. A build that does not decode exactly is dropped
 * and that page is compressed per response as before. So the compression work per response is
 * copying bytes, and the page is compressed at brotli's best quality (11) instead of 5.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { CspNonces } from '../../platform/http/security';

/** The nonces' place in a template's text while it is assembled (never in a page: see `PageTemplate.from`). */
export const NONCE_MARKS: CspNonces = { script: '\u0001s\u0001', style: '\u0001t\u0001' };
// eslint-disable-next-line no-control-regex -- the marks are control characters on purpose
const MARK = /\u0001([st])\u0001/;
/** Characters the placeholders are made of: they must not occur in a page whose bytes are compressed. */
const PLACEHOLDER_BYTES = [1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31];
// eslint-disable-next-line no-control-regex -- the placeholders' characters
const CONTROL = /[\u0001-\u0008\u000e-\u001f]/;
/** @fastify/helmet's nonces: 16 random bytes as hex. */
export const NONCE_LENGTH = 32;
export const BROTLI_QUALITY = 11;

export type HoleKind = 'script' | 'style';

export interface CompressedTemplate {
  /** the compressed pieces: `pieces[i]` is `parts[i]`; the last one ends the stream */
  pieces: Buffer[];
  nonceLength: number;
  bytes: number;
}

export class PageTemplate {
  /** brotli pieces, once built; null: built and rejected (or not compressible this way) */
  br: CompressedTemplate | null | undefined = undefined;
  private building = false;
  readonly bytes: number;

  private constructor(
    /** the page's text between the holes (parts.length === holes.length + 1) */
    readonly parts: string[],
    /** which nonce goes in each hole */
    readonly holes: HoleKind[],
  ) {
    this.bytes = parts.reduce((sum, part) => sum + part.length, 0);
  }

  /**
   * A template from a page assembled with NONCE_MARKS as its nonces; null when the page holds a
   * mark character of its own (nothing server-rendered does; such a page is simply not kept).
   */
  static from(html: string): PageTemplate | null {
    return PageTemplate.fromPieces([html]);
  }

  /**
   * A template from a page's pieces in order, as assembled with NONCE_MARKS (`from` of their
   * concatenation): only pieces that hold a mark are split, the others are joined to their
   * neighbours as they are (no copy of a long rendered piece).
   */
  static fromPieces(pieces: string[]): PageTemplate | null {
    const parts: string[] = [];
    const holes: HoleKind[] = [];
    let part = '';
    for (const piece of pieces) {
      if (!piece.includes('\u0001')) {
        part += piece;
        continue;
      }
      const split = piece.split(MARK);
      for (let i = 0; i < split.length; i += 1) {
        if (i % 2 === 0) {
          if (split[i]!.includes('\u0001')) return null;
          part += split[i]!;
        } else {
          parts.push(part);
          part = '';
          holes.push(split[i] === 's' ? 'script' : 'style');
        }
      }
    }
    parts.push(part);
    return new PageTemplate(parts, holes);
  }

  /** The page with these nonces. */
  html(nonces: CspNonces | null): string {
    let out = this.parts[0]!;
    for (let i = 0; i < this.holes.length; i += 1) out += (nonces ? (this.holes[i] === 'script' ? nonces.script : nonces.style) : '') + this.parts[i + 1]!;
    return out;
  }

  /** The page with these nonces, as its parts and nonces in order (brotliPage). */
  texts(nonces: CspNonces | null): string[] {
    const out: string[] = [this.parts[0]!];
    for (let i = 0; i < this.holes.length; i += 1) {
      if (nonces) out.push(this.holes[i] === 'script' ? nonces.script : nonces.style);
      out.push(this.parts[i + 1]!);
    }
    return out;
  }

  /** The page with these nonces as one brotli stream, or null while (or when) no compressed template exists. */
  brotli(nonces: CspNonces): Buffer | null {
    const br = this.br;
    if (!br || nonces.script.length !== br.nonceLength || nonces.style.length !== br.nonceLength) return null;
    return assemble(br.pieces, this.holes.map((kind) => (kind === 'script' ? nonces.script : nonces.style)));
  }

  /**
   * Builds the compressed template in the background (zlib's thread pool), once; `limit` lets the
   * caller bound how many builds run at a time.
   */
  compressInBackground(limit: { running: number; max: number }, onError?: (error: unknown) => void): void {
    if (this.br !== undefined || this.building || limit.running >= limit.max) return;
    this.building = true;
    limit.running += 1;
    compressTemplate(this.parts, NONCE_LENGTH)
      .then(
        (br) => {
          this.br = br;
        },
        (error: unknown) => {
          this.br = null;
          onError?.(error);
        },
      )
      .finally(() => {
        this.building = false;
        limit.running -= 1;
      });
  }
}

/** An uncompressed meta-block holding `length` bytes, header only (3 bytes; the stream is byte-aligned where it goes). */
function rawHeader(length: number, into: Buffer, at: number): number {
  // bits from the least significant: ISLAST 0, MNIBBLES 0 (four nibbles), MLEN-1 (16 bits), ISUNCOMPRESSED 1, then padding
  const bits = ((length - 1) << 3) | (1 << 19);
  into[at] = bits & 0xff;
  into[at + 1] = (bits >>> 8) & 0xff;
  into[at + 2] = (bits >>> 16) & 0xff;
  return at + 3;
}

/** The compressed pieces with each hole's text between them, as uncompressed meta-blocks. */
export function assemble(pieces: Buffer[], holes: string[]): Buffer {
  let size = 0;
  for (const piece of pieces) size += piece.length;
  for (const hole of holes) size += 3 + hole.length;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (let i = 0; i < pieces.length; i += 1) {
    at += pieces[i]!.copy(out, at);
    if (i < holes.length) {
      at = rawHeader(holes[i]!.length, out, at);
      at += out.write(holes[i]!, at, 'latin1');
    }
  }
  return out;
}

/**
 * Placeholders for `count` holes of `length` bytes: no pair of bytes twice (a walk that uses each
 * edge of the complete graph on PLACEHOLDER_BYTES at most once, always to the byte with the most
 * unused pairs left), and a first and a last byte of their own; null when there are too many holes.
 */
export function placeholders(count: number, length: number): Buffer[] | null {
  const used = new Set<number>();
  const firsts = new Set<number>();
  const lasts = new Set<number>();
  const left = (byte: number) => PLACEHOLDER_BYTES.filter((c) => c !== byte && !used.has(byte * 256 + c)).length;
  const best = (candidates: number[]) => candidates.reduce<number | undefined>((a, c) => (a === undefined || left(c) > left(a) ? c : a), undefined);
  const out: Buffer[] = [];
  for (let k = 0; k < count; k += 1) {
    const bytes = Buffer.alloc(length);
    for (let j = 0; j < length; j += 1) {
      const prev = j > 0 ? bytes[j - 1]! : -1;
      const byte = best(PLACEHOLDER_BYTES.filter((c) => (j === 0 ? !firsts.has(c) : c !== prev && !used.has(prev * 256 + c)) && !(j === length - 1 && lasts.has(c))));
      if (byte === undefined) return null;
      bytes[j] = byte;
      if (j > 0) used.add(prev * 256 + byte);
    }
    firsts.add(bytes[0]!);
    lasts.add(bytes[length - 1]!);
    out.push(bytes);
  }
  return out;
}

/**
 * The brotli pieces of a template (see the top of this file), checked by decoding; null when the
 * template cannot be compressed this way (a placeholder character in the page, too many holes) or
 * the check fails.
 */
export async function compressTemplate(parts: string[], nonceLength: number, quality = BROTLI_QUALITY): Promise<CompressedTemplate | null> {
  if (parts.some((part) => CONTROL.test(part))) return null;
  const holes = placeholders(parts.length - 1, nonceLength);
  if (!holes) return null;
  const total = parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0) + holes.length * nonceLength;
  const encoder = zlib.createBrotliCompress({
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING]: 1,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: total,
    },
  });
  let chunks: Buffer[] = [];
  encoder.on('data', (chunk: Buffer) => chunks.push(chunk));
  const failed = new Promise<never>((_resolve, reject) => encoder.once('error', reject));
  const take = () => {
    const out = Buffer.concat(chunks);
    chunks = [];
    return out;
  };
  const flushed = () => Promise.race([failed, new Promise<Buffer>((resolve) => encoder.flush(zlib.constants.BROTLI_OPERATION_FLUSH, () => resolve(take())))]);
  const pieces: Buffer[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    if (i < parts.length - 1) {
      encoder.write(parts[i]!);
      pieces.push(await flushed());
      encoder.write(holes[i]!);
      await flushed(); // the placeholder's own meta-block: replaced per response
    } else {
      const ended = Promise.race([failed, new Promise<void>((resolve) => encoder.once('end', resolve))]);
      encoder.end(parts[i]!);
      await ended;
      pieces.push(take());
    }
  }
  // the check: three pairs of nonces decode to exactly the joined text
  const random = () => crypto.randomBytes(nonceLength).toString('hex').slice(0, nonceLength);
  for (const fill of [['0', 'f'], ['f', '0'], [null, null]] as const) {
    const values = holes.map((_hole, i) => (fill[i % 2] === null ? random() : fill[i % 2]!.repeat(nonceLength)));
    let expected = parts[0]!;
    for (let i = 0; i < values.length; i += 1) expected += values[i]! + parts[i + 1]!;
    let decoded: string;
    try {
      decoded = zlib.brotliDecompressSync(assemble(pieces, values)).toString('utf8');
    } catch {
      return null;
    }
    if (decoded !== expected) return null;
  }
  return { pieces, nonceLength, bytes: pieces.reduce((sum, piece) => sum + piece.length, 0) };
}

/** What a cached page was assembled from, besides its key: a hit needs all of it to be the same. */
export interface PageInputs {
  status: number;
  dataJson: string;
  chromeJson: string;
  headExtra: string;
}

/** Assembled pages by release, market and URL (LRU bounded by bytes), checked against their inputs. */
export class PageCache {
  private entries = new Map<string, { inputs: PageInputs; template: PageTemplate; bytes: number }>();
  private bytes = 0;
  readonly compressing = { running: 0, max: 1 };
  constructor(private readonly maxBytes: number) {}

  get(key: string, inputs: PageInputs): PageTemplate | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    const known = hit.inputs;
    if (known.status !== inputs.status || known.dataJson !== inputs.dataJson || known.chromeJson !== inputs.chromeJson || known.headExtra !== inputs.headExtra) return undefined;
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit.template;
  }

  set(key: string, inputs: PageInputs, template: PageTemplate): void {
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(key);
    }
    // the text twice (template, compressed pieces are about a tenth) plus the inputs
    const bytes = template.bytes * 1.2 + inputs.dataJson.length + inputs.chromeJson.length + inputs.headExtra.length;
    if (bytes > this.maxBytes / 8) return;
    this.entries.set(key, { inputs, template, bytes });
    this.bytes += bytes;
    while (this.bytes > this.maxBytes) {
      const [first, entry] = this.entries.entries().next().value as [string, { bytes: number }];
      this.entries.delete(first);
      this.bytes -= entry.bytes;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** Pages kept and their estimated bytes (metrics). */
  stats(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: Math.round(this.bytes) };
  }
}

/** Brotli quality of a page's first response: when the process answers no other page, and when it is busy. */
export const FIRST_RESPONSE_QUALITY = { quiet: 5, busy: 1 } as const;

/** brotliPage's buffer, grown to the largest page seen (a 170 KB listing: 512 KB), up to 4 MB. */
let scratch = Buffer.allocUnsafe(0);
const SCRATCH_MAX_BYTES = 4 * 1024 * 1024;

/**
 * A page's text compressed for the response that asked for it first (a kept page's later responses
 * reuse its compressed template: page-cache.ts), with the text's size as a hint, at brotli quality
 * 5, or 1 while the process is busy (other pages are being answered): then the CPU is what every
 * waiting shopper waits for, and quality 1 takes about a fifth of quality 5's time for about 25%
 * more bytes (a 172 KB listing: 0.24 ms and 21.0 KB against 1.36 ms and 16.9 KB). The page's kept
 * template is compressed at quality 11 when it is asked for again, whatever the first response was.
 * In one call on this thread rather than as a stream on zlib's thread pool: on the bench machine
 * the stream cost about 1.5 ms more CPU per cold listing page (the stream machinery, the hand-over
 * to a pool thread and its cold caches), for pages that take 0.2-2 ms to compress.
 *
 * The page comes as its pieces, written one after the other into one buffer this process keeps for
 * it: no joined copy of the page and no new buffer per page (`Buffer.from` of the joined text
 * flattened a 170 KB string and allocated a 170 KB buffer per response, which cost more than the
 * compression: 1.0-2.4 ms against 0.24-0.4 ms in a microbenchmark with cold caches). The buffer is
 * free again when this returns (the compression is synchronous).
 */
export function brotliPage(texts: readonly string[], busy = false): Buffer {
  let chars = 0;
  for (const text of texts) chars += text.length;
  // at most 3 bytes of UTF-8 per UTF-16 code unit; a page larger than the kept buffer's limit gets one of its own
  const bound = chars * 3;
  if (scratch.length < bound && bound <= SCRATCH_MAX_BYTES) scratch = Buffer.allocUnsafe(Math.max(bound, Math.min(scratch.length * 2, SCRATCH_MAX_BYTES)));
  const into = scratch.length >= bound ? scratch : Buffer.allocUnsafe(bound);
  let at = 0;
  for (const text of texts) at += into.write(text, at);
  return zlib.brotliCompressSync(into.subarray(0, at), {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: busy ? FIRST_RESPONSE_QUALITY.busy : FIRST_RESPONSE_QUALITY.quiet,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: at,
    },
  });
}
