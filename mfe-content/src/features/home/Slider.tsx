import type { HomeContent } from '@store/contracts';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { ContentImg, serif } from '../../lib/ui';
import { useAutoplay } from './useAutoplay';

type SliderSettings = HomeContent['slider'];

const control = {
  font: 'inherit',
  border: 0,
  borderRadius: 999,
  cursor: 'pointer',
  background: 'rgba(255,255,255,.92)',
  color: 'var(--ink)',
  minWidth: 44,
  minHeight: 44,
  '&:focus-visible': { outline: '3px solid #fff', outlineOffset: 2, boxShadow: '0 0 0 6px var(--forest)' },
} as const;

const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/** The home page slider: one slide at a time, autoplay with pause rules, previous/next, dots and a pause button. */
export function Slider({ slider }: { slider: SliderSettings }) {
  const { slides } = slider;
  const [index, setIndex] = useState(0);
  const count = slides.length;
  const next = useCallback(() => setIndex((i) => (i + 1) % count), [count]);
  const previous = () => setIndex((i) => (i - 1 + count) % count);
  // The server HTML carries only the first slide's picture: the others are hidden until the slider
  // moves, and fetched in the first second they would compete with the picture the shopper sees
  // (the page's largest paint). They are added once the slider runs in the browser (false on the
  // server and while hydrating, true after).
  const running = useSyncExternalStore(noSubscription, inBrowser, onServer);
  const autoplay = useAutoplay({ enabled: slider.autoplay && count > 1, intervalMs: slider.intervalMs, pauseOnHover: slider.pauseOnHover, onAdvance: next, slideKey: index });

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      data-playing={autoplay.playing ? 'true' : 'false'}
      {...autoplay.handlers}
      css={{ position: 'relative', overflow: 'hidden', background: '#2b3a2f', minHeight: 'min(70vh, 560px)' }}
    >
      <div aria-live={autoplay.playing ? 'off' : 'polite'} css={{ display: 'grid' }}>
        {slides.map((slide, i) => {
          const active = i === index;
          const Heading = i === 0 ? 'h1' : 'h2';
          return (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={active ? undefined : true}
              inert={active ? undefined : true}
              css={{
                gridArea: '1 / 1',
                position: 'relative',
                display: 'grid',
                alignItems: 'end',
                minHeight: 'min(70vh, 560px)',
                opacity: active ? 1 : 0,
                visibility: active ? 'visible' : 'hidden',
                transition: 'opacity 600ms ease, visibility 600ms',
                '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
              }}
            >
              {active || running ? (
                <ContentImg image={slide.image} sizes="100vw" priority={i === 0} css={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }} />
              ) : null}
              <div aria-hidden="true" css={{ position: 'absolute', inset: 0, background: 'linear-gradient(90deg, rgba(16,30,22,.84) 0%, rgba(16,30,22,.6) 45%, rgba(16,30,22,0) 78%)' }} />
              <div css={{ position: 'relative', maxWidth: 1280, width: '100%', margin: '0 auto', padding: '3rem 1.25rem 5rem', color: '#fff' }}>
                <p css={{ textTransform: 'uppercase', letterSpacing: '.12em', margin: 0, fontSize: 14 }}>{slide.eyebrow}</p>
                <Heading css={{ fontFamily: serif, fontWeight: 400, fontSize: 'clamp(2.25rem, 6vw, 4rem)', margin: '.5rem 0 1rem', maxWidth: '18ch', textShadow: '0 2px 12px rgba(0,0,0,.35)' }}>
                  {slide.heading}
                </Heading>
                <p css={{ fontSize: 18, maxWidth: '34rem', margin: '0 0 1.5rem', textShadow: '0 1px 8px rgba(0,0,0,.4)' }}>{slide.text}</p>
                <Link to={slide.cta.href} css={{ display: 'inline-block', background: '#fff', color: 'var(--forest)', padding: '.8rem 1.6rem', borderRadius: 999, textDecoration: 'none', fontWeight: 600 }}>
                  {slide.cta.label}
                </Link>
              </div>
            </div>
          );
        })}
      </div>
      {count > 1 ? (
        <div css={{ position: 'absolute', left: 0, right: 0, bottom: '1rem', display: 'flex', justifyContent: 'center', alignItems: 'center', gap: '.5rem', padding: '0 .75rem' }}>
          {/* on one line and on screen at 320 px and up: below 400 px the label is "Pause" (its name still
              "Pause slides", which starts with what it shows); the dots keep 24 px targets */}
          <button
            type="button"
            aria-label={autoplay.userPaused ? 'Play slides' : 'Pause slides'}
            onClick={() => autoplay.setUserPaused(!autoplay.userPaused)}
            css={{ ...control, padding: '0 .75rem', whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {autoplay.userPaused ? 'Play' : 'Pause'}
            <span css={{ '@media (max-width: 399.98px)': { display: 'none' } }}> slides</span>
          </button>
          <button type="button" aria-label="Previous slide" onClick={previous} css={control}>
            ‹
          </button>
          <ul css={{ listStyle: 'none', display: 'flex', gap: '.25rem', margin: 0, padding: 0 }}>
            {slides.map((slide, i) => (
              <li key={slide.id}>
                <button
                  type="button"
                  aria-label={`Show slide ${i + 1} of ${count}: ${slide.heading}`}
                  aria-current={i === index ? 'true' : undefined}
                  onClick={() => setIndex(i)}
                  css={{ ...control, minWidth: 24, minHeight: 44, background: 'transparent', display: 'grid', placeItems: 'center', padding: 0 }}
                >
                  <span aria-hidden="true" css={{ width: 12, height: 12, borderRadius: 999, border: '2px solid #fff', background: i === index ? '#fff' : 'transparent' }} />
                </button>
              </li>
            ))}
          </ul>
          <button type="button" aria-label="Next slide" onClick={next} css={control}>
            ›
          </button>
        </div>
      ) : null}
    </section>
  );
}
