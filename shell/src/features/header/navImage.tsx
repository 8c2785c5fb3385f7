import { imagePathFromUrl, SITE_IMAGE_SOURCE } from '@store/contracts';
import { Image } from '@store/ui/image';

const NAV_IMAGE_CSS = { borderRadius: 8, background: 'var(--paper)' } as const;

/**
 * A dropdown image (site images are 1800 x 1200): the shared responsive image for the image CDN's
 * URLs the navigation API gives; any other URL as a plain lazy image.
 */
export function NavImage({ url, alt, columns }: { url: string; alt: string; columns: number }) {
  // the right-hand part of the dropdown is 2/5 of the (at most 1280 px) page, shared by its images
  const n = Math.max(1, columns);
  const sizes = `(max-width: 1279px) ${Math.ceil(38 / n)}vw, ${Math.ceil(480 / n)}px`;
  const path = imagePathFromUrl(url);
  if (!path) return <img src={url} alt={alt} width={600} height={400} loading="lazy" decoding="async" css={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '1.5', objectFit: 'cover', ...NAV_IMAGE_CSS }} />;
  return <Image src={path} alt={alt} width={SITE_IMAGE_SOURCE.width} height={SITE_IMAGE_SOURCE.height} aspectRatio={1.5} sizes={sizes} css={NAV_IMAGE_CSS} />;
}
