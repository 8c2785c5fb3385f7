import { DEFAULT_MARKET, formatMarketDate, type MarketSettings } from '@store/contracts/market';
import type { ContentImage } from '@store/contracts';
import { Button } from '@store/ui/button';
import { Image } from '@store/ui/image';
import type { ReactNode } from 'react';

export const serif = 'Georgia, serif';
export const pageWidth = { maxWidth: 1280, margin: '0 auto', padding: '0 1.25rem' } as const;

/**
 * Variant widths of content images: they are drawn 1800 x 1200 and shown up to full width (slides,
 * article heroes), so wider than the 100/300/600 product variants. 800 is a phone's full width
 * (412 CSS px at 1.75 device pixels is 721): about a third fewer bytes than 1200 for the pictures
 * of a phone's first screen.
 */
export const CONTENT_IMAGE_WIDTHS = [300, 600, 800, 1200, 1800] as const;

/** A drawn content image at responsive widths (the shared `@store/ui/image`; the image CDN resizes it). */
export function ContentImg({ image, sizes, priority = false, className }: { image: ContentImage; sizes: string; priority?: boolean; className?: string }) {
  return <Image className={className} src={image.src} alt={image.alt} width={image.width} height={image.height} sizes={sizes} priority={priority} widths={CONTENT_IMAGE_WIDTHS} />;
}

/** A loading failure with a retry button. */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <div role="alert" css={{ border: '1px solid var(--clay)', borderRadius: 8, padding: '1rem 1.25rem', background: '#fff', margin: '1rem 0' }}>
      <p css={{ margin: 0 }}>{children}</p>
      {onRetry ? (
        <Button onClick={onRetry} css={[buttonSize, { marginTop: '.75rem' }]}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

/** The content pages' button size, in the text's weight; the look is the store's `Button` (`@store/ui/button`). */
export const buttonSize = { fontWeight: 'inherit', padding: '.6rem 1.25rem' } as const;

export function Loading({ label }: { label: string }) {
  return (
    <p role="status" aria-live="polite" css={{ color: 'var(--muted)', padding: '2rem 0' }}>
      {label}
    </p>
  );
}

/** "13 November 2026" in the market's zone (Pacific/Auckland on the NZ site, Australia/Sydney on the AU site). */
export function formatDate(iso: string, market: Pick<MarketSettings, 'locale' | 'timeZone'> = DEFAULT_MARKET): string {
  return formatMarketDate(iso, market, { day: 'numeric', month: 'long', year: 'numeric' });
}
