/**
 * The account pages' look: their fields (the form layer, `@store/ui/form`, with this remote's
 * styles), the submit button (`@store/ui/button`), notices, headings and titles.
 */
import type { CSSObject } from '@emotion/react';
import { Button } from '@store/ui/button';
import { CheckboxField, SelectField as FormSelectField, TextField as FormTextField, type FieldBinding, type FieldLook, type SelectFieldProps } from '@store/ui/fields';
import { useEffect, useRef, type ComponentProps, type ReactNode } from 'react';

const inputCss = {
  font: 'inherit',
  padding: '.7rem .8rem',
  borderRadius: 8,
  border: '1px solid var(--line, #b9b2a3)',
  background: '#fff',
  color: 'var(--ink)',
  '&[aria-invalid="true"]': { borderColor: '#9b2c13' },
  '&:disabled': { background: '#f1efe9' },
} as const;

/** Label above, hint under the label, the error line kept (no layout shift). */
export const fieldLook: FieldLook = {
  row: { display: 'grid', gap: 6, marginBottom: '1.1rem' },
  label: {},
  optional: { color: 'var(--muted)' },
  input: () => inputCss as CSSObject,
  hint: { color: 'var(--muted)', fontSize: 14 },
  error: { color: '#9b2c13', minHeight: '1.2em', fontSize: 14, margin: 0 },
  hintFirst: true,
  reserveError: true,
};

export const TextField = (props: Omit<ComponentProps<typeof FormTextField>, 'look'>) => <FormTextField look={fieldLook} {...props} />;

export const SelectField = (props: Omit<SelectFieldProps, 'look'>) => <FormSelectField look={fieldLook} {...props} />;

export const Checkbox = ({ label, f }: { label: string; f: FieldBinding }) => (
  <CheckboxField label={label} f={f} rowCss={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: '.8rem' }} boxCss={{ width: 18, height: 18, accentColor: 'var(--forest)' }} />
);

export function SubmitButton({ children, busy, busyLabel }: { children: ReactNode; busy: boolean; busyLabel?: string }) {
  return (
    <Button type="submit" disabled={busy} aria-busy={busy} css={{ width: '100%' }}>
      {busy ? (busyLabel ?? 'Please wait…') : children}
    </Button>
  );
}

/** A message region; ERROR messages are announced assertively and get focus so keyboard users land on them. */
export function Notice({ type, children }: { type: 'ERROR' | 'SUCCESS' | 'INFO'; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (type === 'ERROR') ref.current?.focus();
  }, [type, children]);
  const colours = { ERROR: ['#fbeae5', '#9b2c13'], SUCCESS: ['#e7f1ea', 'var(--forest)'], INFO: ['#f3f1ea', 'var(--ink)'] }[type];
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={type === 'ERROR' ? 'alert' : 'status'}
      css={{ background: colours[0], color: colours[1], padding: '.8rem 1rem', borderRadius: 8, margin: '0 0 1.25rem', outline: 'none' }}
    >
      {children}
    </div>
  );
}

export const headingCss = { fontFamily: 'Georgia, serif', fontWeight: 400, fontSize: 34, margin: '0 0 .5rem' } as const;

export function useTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | Fernleaf`;
  }, [title]);
}
