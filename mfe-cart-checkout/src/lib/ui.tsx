/** Small form and layout pieces shared by the cart and checkout pages (design tokens from the shell). */
import { css } from '@emotion/react';
import { Field as FormFieldBase, SelectField as FormSelectField, TextField as FormTextField, type FieldLook, type FieldProps, type SelectFieldProps } from '@store/ui/fields';
import { useId, type ComponentProps, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useMoney } from '@store/ui/market';

/**
 * A page's frame. Phones first: fieldsets do not grow to their content's min-content width (their
 * default), and form controls never get wider than their column, so every page fits 320 px.
 */
export const page = css({
  maxWidth: 1080,
  margin: '0 auto',
  padding: '2rem 1.25rem 3rem',
  '@media (max-width: 479px)': { padding: '1.25rem 1rem 2.5rem' },
  '& fieldset': { minWidth: 0 },
  '& input, & select, & textarea': { maxWidth: '100%', boxSizing: 'border-box' },
  overflowWrap: 'break-word',
});
export const heading = css({ fontFamily: 'Georgia, serif', fontWeight: 400, fontSize: 34, margin: '0 0 1.25rem', '@media (max-width: 479px)': { fontSize: 28 }, '&:focus': { outline: 'none' }, '&:focus-visible': { outline: '3px solid var(--clay)', outlineOffset: 2 } });
export const card = css({ background: '#fff', border: '1px solid var(--line)', borderRadius: 12, padding: '1.25rem' });
/**
 * The cart's and checkout's button sizes; the look is the store's `Button` (`@store/ui/button`):
 * `primary` at `primarySize`, `neutral` (the ink outline) at `secondarySize`, and `link` at
 * `linkSize` (at least 24 px tall, WCAG 2.2 target size).
 */
export const primarySize = { padding: '.8rem 1.6rem', fontSize: 16 } as const;
export const secondarySize = { padding: '.55rem 1.1rem', fontSize: 15 } as const;
export const linkSize = { padding: '0 .125rem', minHeight: 24, minWidth: 24, fontSize: 14 } as const;
export const errorText = css({ color: '#a3261b', fontSize: 14, margin: '.3rem 0 0' });

export const Money = ({ cents }: { cents: number }) => {
  const money = useMoney();
  return <>{money(cents)}</>;
};

/** The checkout's look of a field: label, input, hint, then the error when there is one. */
export const fieldLook: FieldLook = {
  row: { display: 'flex', flexDirection: 'column', gap: 4, marginBottom: '.9rem', minWidth: 0 },
  label: { fontWeight: 600, fontSize: 14 },
  optional: { fontWeight: 400, color: 'var(--muted)' },
  input: (invalid) => ({ width: '100%', minWidth: 0, boxSizing: 'border-box', padding: '.65rem .75rem', border: `1px solid ${invalid ? '#a3261b' : 'var(--line)'}`, borderRadius: 8, fontSize: 16, background: '#fff', color: 'var(--ink)' }),
  hint: { fontSize: 13, color: 'var(--muted)' },
  error: { color: '#a3261b', fontSize: 14, margin: '.3rem 0 0' },
};

/** A labelled input outside a form of the form layer (search and apply boxes: the caller gives the error). */
export const Field = (props: Omit<FieldProps, 'look'>) => <FormFieldBase look={fieldLook} {...props} />;

/** A field of a form of the form layer (`@store/ui/form`). */
export const TextField = (props: Omit<ComponentProps<typeof FormTextField>, 'look'>) => <FormTextField look={fieldLook} {...props} />;

/** A select of a form of the form layer. */
export const SelectField = (props: Omit<SelectFieldProps, 'look'>) => <FormSelectField look={fieldLook} {...props} />;

export function Select({ label, children, ...select }: SelectHTMLAttributes<HTMLSelectElement> & { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: '.9rem' }}>
      <label htmlFor={id} css={{ fontWeight: 600, fontSize: 14 }}>
        {label}
      </label>
      <select id={id} css={{ width: '100%', minWidth: 0, padding: '.6rem', border: '1px solid var(--line)', borderRadius: 8, fontSize: 16, background: '#fff' }} {...select}>
        {children}
      </select>
    </div>
  );
}

export function Notice({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'info' }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} css={{ border: `1px solid ${tone === 'error' ? '#a3261b' : 'var(--line)'}`, background: tone === 'error' ? '#fdf1ef' : '#f4f7f2', borderRadius: 8, padding: '.75rem 1rem', margin: '0 0 1rem' }}>
      {children}
    </div>
  );
}
