/** A cached JSON answer (listing pages, the category tree) with its ETag and its compressed forms made once. */
import zlib from 'node:zlib';

/** A cached JSON answer and its lazily compressed forms. */
export class CachedBody {
  private brotli?: Buffer;
  private gzip?: Buffer;
  constructor(
    readonly json: string,
    readonly etag: string,
  ) {}

  br(): Buffer {
    this.brotli ??= zlib.brotliCompressSync(this.json, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.json.length },
    });
    return this.brotli;
  }

  gz(): Buffer {
    this.gzip ??= zlib.gzipSync(this.json, { level: 6 });
    return this.gzip;
  }
}

/** A short hash of a text (FNV-1a, base 36): the body part of a cached answer's ETag. */
export function fnv(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}
