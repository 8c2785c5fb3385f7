/**
 * Image CDN URLs: prefix, transform segment, image path.
 *
 *   /cdn-cgi/image/fit=scale-down,format=auto,width=600/images/products/12/harbour-leather-backpack-1.jpg
 *   /cdn-cgi/image/fit=scale-down,format=auto,width=16,anim=false,blur=250/images/...   (placeholder)
 *
 * The API's image endpoint parses the same segment with `parseImageOptions`. Pure, no dependencies.
 */

export const IMAGE_CDN_PREFIX = '/cdn-cgi/image';
/** Product image aspect ratio (width / height) and source size drawn by the API. */
export const PRODUCT_IMAGE_ASPECT_RATIO = 0.8;
export const PRODUCT_IMAGE_SOURCE = { width: 1200, height: 1500 } as const;
/** Site images (hero banners) are 1800 x 1200. */
export const SITE_IMAGE_SOURCE = { width: 1800, height: 1200 } as const;
/** Variant widths used in srcsets. */
export const IMAGE_VARIANT_WIDTHS = [100, 300, 600] as const;
/** Placeholder: smallest side 16 px, blurred, no animation. */
export const PLACEHOLDER_MIN_SIDE = 16;
export const PLACEHOLDER_BLUR = 250;
export const MAX_IMAGE_WIDTH = 4000;

export interface ImageUrlOptions {
  width: number;
  /** Tiny blurred variant (adds anim=false,blur=250). */
  placeholder?: boolean;
  /** Origin to prepend, e.g. "https://www.example.co.nz"; default "" (same origin). */
  base?: string;
}

export type ImageFit = 'scale-down' | 'contain' | 'cover' | 'crop' | 'pad';
export type ImageFormat = 'auto' | 'avif' | 'webp' | 'jpeg' | 'png';

export interface ImageOptions {
  fit: ImageFit;
  format: ImageFormat;
  width: number;
  height?: number;
  quality?: number;
  anim?: boolean;
  blur?: number;
}

function stripLeadingSlashes(src: string): string {
  let i = 0;
  while (src.charCodeAt(i) === 47 /* / */) i++;
  return src.slice(i);
}

/** The transform segment, e.g. "fit=scale-down,format=auto,width=600". */
export function formatImageOptions(options: ImageOptions): string {
  const parts = [`fit=${options.fit}`, `format=${options.format}`, `width=${options.width}`];
  if (options.height !== undefined) parts.push(`height=${options.height}`);
  if (options.quality !== undefined) parts.push(`quality=${options.quality}`);
  if (options.anim !== undefined) parts.push(`anim=${options.anim}`);
  if (options.blur !== undefined) parts.push(`blur=${options.blur}`);
  return parts.join(',');
}

/** Builds the CDN URL of an image path (e.g. "images/products/12/x-1.jpg") at a width. */
export function imageUrl(src: string, opts: ImageUrlOptions): string {
  const width = Math.max(1, Math.min(MAX_IMAGE_WIDTH, Math.round(opts.width)));
  const segment = opts.placeholder
    ? formatImageOptions({ fit: 'scale-down', format: 'auto', width, anim: false, blur: PLACEHOLDER_BLUR })
    : formatImageOptions({ fit: 'scale-down', format: 'auto', width });
  return `${opts.base ?? ''}${IMAGE_CDN_PREFIX}/${segment}/${stripLeadingSlashes(src)}`;
}

/**
 * The image path of a CDN URL built by `imageUrl` ("/cdn-cgi/image/<options>/images/x.jpg" →
 * "images/x.jpg"; an origin before the prefix is allowed), or null for any other URL.
 */
export function imagePathFromUrl(url: string): string | null {
  const at = url.indexOf(`${IMAGE_CDN_PREFIX}/`);
  if (at < 0 || (at > 0 && !/^https?:\/\/[^/]+$/.test(url.slice(0, at)))) return null;
  const rest = url.slice(at + IMAGE_CDN_PREFIX.length + 1);
  const slash = rest.indexOf('/');
  if (slash <= 0 || !parseImageOptions(rest.slice(0, slash)).ok) return null;
  const path = rest.slice(slash + 1).split(/[?#]/)[0] ?? '';
  return path ? path : null;
}

/** Placeholder width for an aspect ratio (width / height) so the smaller side is 16 px. */
export function placeholderWidth(aspectRatio: number): number {
  if (!(aspectRatio > 0)) return PLACEHOLDER_MIN_SIDE;
  return aspectRatio >= 1 ? Math.ceil(PLACEHOLDER_MIN_SIDE * aspectRatio) : PLACEHOLDER_MIN_SIDE;
}

/** "url 100w, url 300w, url 600w" with widths capped at the source width (duplicates dropped). */
export function imageSrcSet(src: string, opts: { sourceWidth: number; widths?: readonly number[]; base?: string }): string {
  const widths = opts.widths ?? IMAGE_VARIANT_WIDTHS;
  const seen = new Set<number>();
  const entries: string[] = [];
  for (const w of widths) {
    const capped = Math.min(w, opts.sourceWidth);
    if (seen.has(capped)) continue;
    seen.add(capped);
    entries.push(`${imageUrl(src, { width: capped, base: opts.base })} ${capped}w`);
  }
  return entries.join(', ');
}

const FITS: readonly string[] = ['scale-down', 'contain', 'cover', 'crop', 'pad'];
const FORMATS: readonly string[] = ['auto', 'avif', 'webp', 'jpeg', 'png'];

function intInRange(value: string, min: number, max: number): number | undefined {
  if (!/^\d{1,5}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
}

/**
 * Parses a transform segment. Returns the options, or an error message for an unknown key, a bad
 * value, a repeated key or a missing width.
 */
export function parseImageOptions(segment: string): { ok: true; options: ImageOptions } | { ok: false; error: string } {
  const result: Partial<ImageOptions> = { fit: 'scale-down', format: 'auto' };
  const seen = new Set<string>();
  if (!segment) return { ok: false, error: 'Missing image options.' };
  for (const part of segment.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return { ok: false, error: `Malformed option "${part}".` };
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (seen.has(key)) return { ok: false, error: `Repeated option "${key}".` };
    seen.add(key);
    switch (key) {
      case 'fit':
        if (!FITS.includes(value)) return { ok: false, error: `Invalid fit "${value}".` };
        result.fit = value as ImageFit;
        break;
      case 'format':
        if (!FORMATS.includes(value)) return { ok: false, error: `Invalid format "${value}".` };
        result.format = value as ImageFormat;
        break;
      case 'width':
      case 'w': {
        const n = intInRange(value, 1, MAX_IMAGE_WIDTH);
        if (n === undefined) return { ok: false, error: `Invalid width "${value}" (1-${MAX_IMAGE_WIDTH}).` };
        result.width = n;
        break;
      }
      case 'height':
      case 'h': {
        const n = intInRange(value, 1, MAX_IMAGE_WIDTH);
        if (n === undefined) return { ok: false, error: `Invalid height "${value}" (1-${MAX_IMAGE_WIDTH}).` };
        result.height = n;
        break;
      }
      case 'quality':
      case 'q': {
        const n = intInRange(value, 1, 100);
        if (n === undefined) return { ok: false, error: `Invalid quality "${value}" (1-100).` };
        result.quality = n;
        break;
      }
      case 'anim':
        if (value !== 'true' && value !== 'false') return { ok: false, error: `Invalid anim "${value}".` };
        result.anim = value === 'true';
        break;
      case 'blur': {
        const n = intInRange(value, 0, 250);
        if (n === undefined) return { ok: false, error: `Invalid blur "${value}" (0-250).` };
        result.blur = n;
        break;
      }
      default:
        return { ok: false, error: `Unknown option "${key}".` };
    }
  }
  if (result.width === undefined) return { ok: false, error: 'Option "width" is required.' };
  return { ok: true, options: result as ImageOptions };
}
