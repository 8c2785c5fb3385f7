/**
 * The store's buttons: one look for an action everywhere (the shell and every remote).
 *
 * `Button` is a `<button>` with `type="button"` unless told otherwise (a button in a form does not
 * submit by accident); every other prop and the ref go to the element. Its `css` (or `className`)
 * is applied after the variant's look, so a place may set its own size or width. `buttonLook(variant)`
 * is the same look for an element that is not a button (a link styled as one).
 *
 * Variants: `primary` (forest, white text), `secondary` (forest outline), `neutral` (ink outline,
 * the quieter choice beside a primary), `link` (a text button, underlined). All share the focus
 * ring (3 px clay, 2 px off the edge, keyboard focus only) and the disabled state (faded, a
 * "not allowed" cursor; "progress" while `aria-busy`).
 */
import type { CSSObject } from '@emotion/react';
import type { ComponentPropsWithRef } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'neutral' | 'link';

const base: CSSObject = {
  display: 'inline-block',
  font: 'inherit',
  fontWeight: 600,
  padding: '.8rem 1.4rem',
  borderRadius: 999,
  cursor: 'pointer',
  textAlign: 'center',
  textDecoration: 'none',
  '&:focus-visible': { outline: '3px solid var(--clay)', outlineOffset: 2 },
  '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
  '&:disabled[aria-busy="true"]': { cursor: 'progress' },
};

const variants: Record<ButtonVariant, CSSObject> = {
  primary: { border: 0, background: 'var(--forest)', color: '#fff' },
  secondary: { border: '1px solid var(--forest)', background: '#fff', color: 'var(--forest)' },
  neutral: { border: '1px solid var(--ink)', background: 'transparent', color: 'var(--ink)' },
  link: { fontWeight: 'inherit', padding: 0, border: 0, borderRadius: 2, background: 'none', color: 'var(--forest)', textDecoration: 'underline' },
};

const looks = Object.fromEntries(Object.entries(variants).map(([name, look]) => [name, { ...base, ...look }])) as Record<ButtonVariant, CSSObject>;

/** The look of a variant, for an element that is not a `<button>` (a link that looks like one). */
export function buttonLook(variant: ButtonVariant = 'primary'): CSSObject {
  return looks[variant];
}

export type ButtonProps = ComponentPropsWithRef<'button'> & { variant?: ButtonVariant };

export function Button({ variant = 'primary', type = 'button', ...props }: ButtonProps) {
  return <button type={type} css={looks[variant]} {...props} />;
}
