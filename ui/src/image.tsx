/**
 * The storefront's responsive image (image CDN, image constants), for every
 * remote.
 *
 * - srcset of the CDN variants 100, 300 and 600 px wide (`widths` for others, e.g. full-width
 *   banners), capped at the image's own width;
 * - lazy loading by default (`priority` loads eagerly with high fetch priority, for the LCP image);
 * - with a `sizes` value the browser picks the variant; without one, a tiny blurred placeholder
 *   (smallest side 16 px, width from the aspect ratio) shows while the component measures its own
 *   rendered width and uses it as `sizes`, re-measured on resize at most every 500 ms;
 * - a failed load marks the image errored (`data-errored`, a neutral box keeps the layout), calls
 *   `onError` and dispatches a bubbling `store:image-error` DOM event with `{ src }`;
 * - layout styles (block, full width, auto height, aspect ratio, cover) are a class, so a caller's
 *   `css` prop overrides them; `style` is applied inline on top.
 */
import { IMAGE_VARIANT_WIDTHS, imageSrcSet, imageUrl, placeholderWidth } from '@store/contracts';
import { useEffect, useRef, useState, type CSSProperties } from 'react';

/** Size recalculation throttle. */
export const IMAGE_RESIZE_THROTTLE_MS = 500;
export const IMAGE_ERROR_EVENT = 'store:image-error';

export interface ImageProps {
  /** Image path for the CDN, e.g. images/products/12/x-1.jpg */
  src: string;
  alt: string;
  /** The source image's own size (caps the srcset, gives the aspect ratio). */
  width: number;
  height: number;
  /** A sizes attribute; when absent the rendered width is measured (with a blurred placeholder meanwhile). */
  sizes?: string;
  /** Load now with high priority (the page's main image) instead of lazily. */
  priority?: boolean;
  /** Displayed aspect ratio (width / height); default the source's. */
  aspectRatio?: number;
  className?: string;
  style?: CSSProperties;
  onError?: (detail: { src: string }) => void;
  onLoad?: () => void;
  /** CDN origin; default same origin. */
  base?: string;
  /** Srcset variant widths (capped at the source width); default 100, 300 and 600. */
  widths?: readonly number[];
}

/** The srcset, the fallback src and the placeholder URL of an image. */
export function imageSources(src: string, width: number, height: number, base?: string, widths: readonly number[] = IMAGE_VARIANT_WIDTHS) {
  const largest = Math.min(Math.max(...widths), width);
  const ratio = height > 0 ? width / height : 1;
  return {
    srcSet: imageSrcSet(src, { sourceWidth: width, widths, base }),
    src: imageUrl(src, { width: largest, base }),
    placeholder: imageUrl(src, { width: placeholderWidth(ratio), placeholder: true, base }),
  };
}

/** Calls `fn` at most once per `ms` (leading and trailing). */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number): ((...args: A) => void) & { cancel(): void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const run = (...args: A) => {
    const now = Date.now();
    const wait = last + ms - now;
    if (wait <= 0) {
      last = now;
      fn(...args);
      return;
    }
    pending = args;
    if (!timer) {
      timer = setTimeout(() => {
        timer = null;
        last = Date.now();
        if (pending) fn(...pending);
        pending = null;
      }, wait);
    }
  };
  return Object.assign(run, {
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
    },
  });
}

export function Image({ src, alt, width, height, sizes, priority = false, aspectRatio, className, style, onError, onLoad, base, widths }: ImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [measured, setMeasured] = useState<{ src: string; px: number } | null>(null);
  const [status, setStatus] = useState<{ src: string; value: 'loading' | 'loaded' | 'errored' }>({ src, value: 'loading' });
  const sources = imageSources(src, width, height, base, widths);
  const current = status.src === src ? status.value : 'loading';
  const measuredPx = measured?.src === src ? measured.px : null;

  useEffect(() => {
    if (sizes) return;
    const el = ref.current;
    if (!el) return;
    const measure = throttle(() => {
      const px = Math.ceil(el.getBoundingClientRect().width);
      if (px > 0) setMeasured((m) => (m?.src === src && m.px === px ? m : { src, px }));
    }, IMAGE_RESIZE_THROTTLE_MS);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => measure());
    observer?.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      measure.cancel();
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [sizes, src]);

  const effectiveSizes = sizes ?? (measuredPx ? `${measuredPx}px` : undefined);
  const showPlaceholder = !sizes && current !== 'loaded' && current !== 'errored';
  const ratio = aspectRatio ?? (height > 0 ? width / height : 1);
  return (
    <img
      ref={ref}
      // Until the width is known (no sizes given), only the tiny placeholder is requested.
      src={effectiveSizes ? sources.src : sources.placeholder}
      srcSet={effectiveSizes ? sources.srcSet : undefined}
      sizes={effectiveSizes}
      width={width}
      height={height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      data-errored={current === 'errored' ? 'true' : undefined}
      data-image-state={current}
      // Layout styles as a class, so a caller's `css` prop (which arrives as className) overrides them.
      css={{ display: 'block', width: '100%', height: 'auto', aspectRatio: String(ratio), objectFit: 'cover', background: '#ece6da' }}
      className={className}
      onLoad={() => {
        if (!effectiveSizes) return;
        setStatus({ src, value: 'loaded' });
        onLoad?.();
      }}
      onError={(event) => {
        setStatus({ src, value: 'errored' });
        onError?.({ src });
        event.currentTarget.dispatchEvent(new CustomEvent(IMAGE_ERROR_EVENT, { bubbles: true, detail: { src } }));
      }}
      style={{
        ...(showPlaceholder ? { backgroundImage: `url("${sources.placeholder}")`, backgroundSize: 'cover', filter: 'blur(0)' } : {}),
        ...(current === 'errored' ? { color: 'transparent' } : {}),
        ...style,
      }}
    />
  );
}

export default Image;
