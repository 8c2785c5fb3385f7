import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ImageOptions } from '@store/contracts';
import sharp from 'sharp';
import { SingleFlight } from '../../store/catalog/lru.js';

/** Bump when the drawings change so cached renders are not reused. */
export const DRAW_VERSION = 1;

export interface SourceImage {
  /** Identifies the drawing (changes when what is drawn changes). */
  key: string;
  width: number;
  height: number;
  svg(): string;
}

export type OutputFormat = 'avif' | 'webp' | 'jpeg' | 'png';

export interface RenderedImage {
  body: Buffer;
  format: OutputFormat;
  contentType: string;
}

const CONTENT_TYPES: Record<OutputFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** format=auto: AVIF, then WebP when the Accept header lists them, else JPEG. */
export function negotiateFormat(requested: ImageOptions['format'], accept: string | undefined): OutputFormat {
  if (requested !== 'auto') return requested;
  const header = (accept ?? '').toLowerCase();
  const accepts = (type: string) => {
    const match = new RegExp(`${type.replace('/', '\\/')}\\s*(;\\s*q\\s*=\\s*([0-9.]+))?`).exec(header);
    return match !== null && (match[2] === undefined || Number(match[2]) > 0);
  };
  if (accepts('image/avif')) return 'avif';
  if (accepts('image/webp')) return 'webp';
  return 'jpeg';
}

function sha1(text: string): string {
  return crypto.createHash('sha1').update(text).digest('hex');
}

async function writeAtomic(file: string, data: Buffer): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  await fs.promises.writeFile(tmp, data);
  await fs.promises.rename(tmp, file);
}

/**
 * Rasterises drawings with sharp and caches every variant on disk:
 *   <cacheDir>/src/<hash>.png      full-size source raster
 *   <cacheDir>/out/<ab>/<hash>.<ext>  one file per (drawing, options, format)
 */
/** At most `limit` tasks at once; the rest wait in order. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await task();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}

/**
 * Cache misses are rendered at most two at a time, each on one libvips thread: a burst of new
 * images (a first visit to a category) must not starve Node's thread pool, which also serves the
 * static files (remote manifests and entries) and the database.
 */
const RENDER_CONCURRENCY = 2;
sharp.concurrency(1);

export class ImageRenderer {
  private readonly flights = new SingleFlight<string, RenderedImage>();
  private readonly sourceFlights = new SingleFlight<string, Buffer>();
  private readonly rendering = new Semaphore(RENDER_CONCURRENCY);

  constructor(private readonly cacheDir: string) {}

  private async sourcePng(source: SourceImage): Promise<Buffer> {
    const file = path.join(this.cacheDir, 'src', `${sha1(`${DRAW_VERSION}|${source.key}`)}.png`);
    return this.sourceFlights.run(file, async () => {
      try {
        return await fs.promises.readFile(file);
      } catch {
        const png = await this.rendering.run(() => sharp(Buffer.from(source.svg())).resize(source.width, source.height).png({ compressionLevel: 3 }).toBuffer());
        await writeAtomic(file, png);
        return png;
      }
    });
  }

  async render(source: SourceImage, options: ImageOptions, accept: string | undefined): Promise<RenderedImage> {
    const format = negotiateFormat(options.format, accept);
    // Never enlarge: the width (and height) are clamped to the source.
    const width = Math.min(options.width, source.width);
    const height = options.height === undefined ? undefined : Math.min(options.height, source.height);
    const normalised = { fit: options.fit, width, height, quality: options.quality, blur: options.blur ?? 0 };
    const key = sha1(`${DRAW_VERSION}|${source.key}|${JSON.stringify(normalised)}|${format}`);
    const file = path.join(this.cacheDir, 'out', key.slice(0, 2), `${key}.${format}`);
    return this.flights.run(key, async () => {
      try {
        const body = await fs.promises.readFile(file);
        return { body, format, contentType: CONTENT_TYPES[format] };
      } catch {
        // not cached yet
      }
      const png = await this.sourcePng(source);
      let pipeline = sharp(png);
      const fit = options.fit === 'cover' || options.fit === 'crop' ? 'cover' : options.fit === 'pad' ? 'contain' : 'inside';
      pipeline = pipeline.resize({ width, height, fit, withoutEnlargement: true, background: '#ffffff' });
      if (normalised.blur > 0) {
        // Blur relative to the output size, so "blur=250" looks the same at any width.
        const sigma = Math.min(1000, Math.max(0.3, (normalised.blur * width) / 1000));
        pipeline = pipeline.blur(sigma);
      }
      const quality = options.quality;
      switch (format) {
        case 'avif':
          pipeline = pipeline.avif({ quality: quality ?? 50, effort: 2 });
          break;
        case 'webp':
          pipeline = pipeline.webp({ quality: quality ?? 78, effort: 3 });
          break;
        case 'png':
          pipeline = pipeline.png({ compressionLevel: 8 });
          break;
        default:
          pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: quality ?? 82, mozjpeg: true });
      }
      const data = await this.rendering.run(() => pipeline.toBuffer());
      await writeAtomic(file, data);
      return { body: data, format, contentType: CONTENT_TYPES[format] };
    });
  }
}
