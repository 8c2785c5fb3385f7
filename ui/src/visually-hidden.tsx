/**
 * Text for screen readers only: in the accessibility tree, not on screen (the clip pattern, so it
 * is still read in place, unlike `display: none`). `visuallyHidden` is the style itself, for an
 * element that is hidden only sometimes (e.g. under a media query).
 */
import type { ComponentPropsWithRef } from 'react';

export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** The elements it may render (a span by default). */
export type VisuallyHiddenTag = 'span' | 'p' | 'div' | 'label' | 'legend' | 'h2';

export type VisuallyHiddenProps<T extends VisuallyHiddenTag = 'span'> = { as?: T } & ComponentPropsWithRef<T>;

export function VisuallyHidden<T extends VisuallyHiddenTag = 'span'>({ as, ...props }: VisuallyHiddenProps<T>) {
  // one element type inside (the props were checked against the element asked for)
  const Tag = (as ?? 'span') as 'span';
  return <Tag css={visuallyHidden} {...(props as ComponentPropsWithRef<'span'>)} />;
}
