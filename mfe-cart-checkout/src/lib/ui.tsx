/** Small form and layout pieces shared by the cart and checkout pages (design tokens from the shell). */
import { css } from '@emotion/react';
import { formatNzd } from '@store/contracts';
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

export const page = css({ maxWidth: 1080, margin: '0 auto', padding: '2rem 1.25rem 3rem' });
export const heading = css({ fontFamily: 'Georgia, "Times New Roman", serif', fontWeight: 400, fontSize: 34, margin: '0 0 1.25rem' });
export const card = css({ background: '#fff', border: '1px solid var(--line)', borderRadius: 12, padding: '1.25rem' });
export const primaryButton = css({
  display: 'inline-block',
  background: 'var(--forest)',
  color: '#fff',
  border: 0,
  padding: '.8rem 1.6rem',
  borderRadius: 999,
  fontSize: 16,
  cursor: 'pointer',
  textDecoration: 'none',
  textAlign: 'center',
  '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
  '&:focus-visible': { outline: '3px solid var(--clay)', outlineOffset: 2 },
});
export const secondaryButton = css({
  background: 'transparent',
  color: 'var(--ink)',
  border: '1px solid var(--ink)',
  padding: '.55rem 1.1rem',
  borderRadius: 999,
  cursor: 'pointer',
  fontSize: 15,
  '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
});
export const linkButton = css({ background: 'none', border: 0, padding: 0, color: 'var(--forest)', textDecoration: 'underline', cursor: 'pointer', fontSize: 14 });
export const errorText = css({ color: '#a3261b', fontSize: 14, margin: '.3rem 0 0' });

export const Money = ({ cents }: { cents: number }) => <>{formatNzd(cents)}</>;

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | null;
  hint?: string;
  optional?: boolean;
}

export function Field({ label, error, hint, optional, id, ...input }: FieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  const describedBy = [error ? `${fieldId}-error` : '', hint ? `${fieldId}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: '.9rem' }}>
      <label htmlFor={fieldId} css={{ fontWeight: 600, fontSize: 14 }}>
        {label}
        {optional ? <span css={{ fontWeight: 400, color: 'var(--muted)' }}> (optional)</span> : null}
      </label>
      <input
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        css={{ padding: '.65rem .75rem', border: `1px solid ${error ? '#a3261b' : 'var(--line)'}`, borderRadius: 8, fontSize: 16, background: '#fff', color: 'var(--ink)' }}
        {...input}
      />
      {hint ? (
        <span id={`${fieldId}-hint`} css={{ fontSize: 13, color: 'var(--muted)' }}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <p id={`${fieldId}-error`} css={errorText}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Select({ label, children, ...select }: SelectHTMLAttributes<HTMLSelectElement> & { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: '.9rem' }}>
      <label htmlFor={id} css={{ fontWeight: 600, fontSize: 14 }}>
        {label}
      </label>
      <select id={id} css={{ padding: '.6rem', border: '1px solid var(--line)', borderRadius: 8, fontSize: 16, background: '#fff' }} {...select}>
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
