/**
 * Form behaviour of spec §4 "Other": a field becomes touched on blur (text inputs after 300 ms) and
 * shows its error only when touched; a submit touches every field and focuses the first invalid
 * one; while submitting, fields and the button are disabled; a second submit while one runs is
 * ignored.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';

export type Validators<V> = { [K in keyof V]?: (value: V[K], values: V) => string | null };

export function useForm<V extends Record<string, string | boolean>>(initial: V, validators: Validators<V>) {
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);
  const running = useRef(false);
  const refs = useRef<Partial<Record<keyof V, HTMLInputElement | HTMLSelectElement | null>>>({});
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const errorOf = (name: keyof V): string | null => validators[name]?.(values[name], values) ?? null;

  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: touched[name] ? errorOf(name) : null,
    disabled: submitting,
    inputRef: (el: HTMLInputElement | HTMLSelectElement | null) => {
      refs.current[name] = el;
    },
    onChange: (value: V[typeof name]) => setValues((v) => ({ ...v, [name]: value })),
    onBlur: (delayMs = 0) => {
      const touch = () => setTouched((t) => ({ ...t, [name]: true }));
      if (delayMs > 0) timers.current.push(setTimeout(touch, delayMs));
      else touch();
    },
  });

  const handleSubmit = useCallback(
    (submit: (values: V) => Promise<void> | void) => async (event: FormEvent) => {
      event.preventDefault();
      if (running.current) return;
      const names = Object.keys(values) as (keyof V & string)[];
      setTouched(Object.fromEntries(names.map((n) => [n, true])) as Record<keyof V, boolean>);
      const firstInvalid = names.find((n) => (validators[n]?.(values[n], values) ?? null) !== null);
      if (firstInvalid) {
        refs.current[firstInvalid]?.focus();
        return;
      }
      running.current = true;
      setSubmitting(true);
      try {
        await submit(values);
      } finally {
        running.current = false;
        setSubmitting(false);
      }
    },
    [values, validators],
  );

  return { values, setValues, field, handleSubmit, submitting };
}

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

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'onBlur' | 'value' | 'ref'> {
  label: string;
  hint?: ReactNode;
  optional?: boolean;
  f: {
    name: string;
    value: string | boolean;
    error: string | null;
    disabled: boolean;
    inputRef: (el: HTMLInputElement | null) => void;
    onChange: (value: never) => void;
    onBlur: (delayMs?: number) => void;
  };
}

export function TextField({ label, hint, optional, f: { inputRef, ...f }, type = 'text', ...rest }: TextFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
  return (
    <div css={{ display: 'grid', gap: 6, marginBottom: '1.1rem' }}>
      <label htmlFor={id}>
        {label}
        {optional ? <span css={{ color: 'var(--muted)' }}> (optional)</span> : null}
      </label>
      {hint ? (
        <span id={`${id}-hint`} css={{ color: 'var(--muted)', fontSize: 14 }}>
          {hint}
        </span>
      ) : null}
      <input
        {...rest}
        ref={inputRef}
        id={id}
        name={f.name}
        type={type}
        value={String(f.value)}
        disabled={f.disabled || rest.disabled}
        onChange={(e) => (f.onChange as (v: string) => void)(e.target.value)}
        onBlur={() => f.onBlur(type === 'password' || type === 'checkbox' ? 0 : 300)}
        aria-invalid={Boolean(f.error)}
        aria-describedby={describedBy}
        css={inputCss}
      />
      <span id={`${id}-error`} css={{ color: '#9b2c13', minHeight: '1.2em', fontSize: 14 }}>
        {f.error}
      </span>
    </div>
  );
}

/** A choice from a fixed list (the Australian states), with the same label, error and focus handling as TextField. */
export function SelectField({ label, options, f: { inputRef, ...f }, autoComplete }: { label: string; options: { value: string; label: string }[]; f: TextFieldProps['f']; autoComplete?: string }) {
  const id = useId();
  return (
    <div css={{ display: 'grid', gap: 6, marginBottom: '1.1rem' }}>
      <label htmlFor={id}>{label}</label>
      <select
        ref={(el) => inputRef(el as unknown as HTMLInputElement | null)}
        id={id}
        name={f.name}
        value={String(f.value)}
        autoComplete={autoComplete}
        disabled={f.disabled}
        onChange={(e) => (f.onChange as (v: string) => void)(e.target.value)}
        onBlur={() => f.onBlur(0)}
        aria-invalid={Boolean(f.error)}
        aria-describedby={`${id}-error`}
        css={inputCss}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <span id={`${id}-error`} css={{ color: '#9b2c13', minHeight: '1.2em', fontSize: 14 }}>
        {f.error}
      </span>
    </div>
  );
}

export function Checkbox({ label, f: { inputRef, ...f } }: { label: string; f: TextFieldProps['f'] }) {
  const id = useId();
  return (
    <div css={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: '.8rem' }}>
      <input
        ref={inputRef}
        id={id}
        type="checkbox"
        checked={Boolean(f.value)}
        disabled={f.disabled}
        onChange={(e) => (f.onChange as (v: boolean) => void)(e.target.checked)}
        css={{ width: 18, height: 18, accentColor: 'var(--forest)' }}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export const buttonCss = {
  font: 'inherit',
  fontWeight: 600,
  padding: '.8rem 1.4rem',
  borderRadius: 999,
  border: 0,
  background: 'var(--forest)',
  color: '#fff',
  cursor: 'pointer',
  '&:disabled': { opacity: 0.6, cursor: 'progress' },
} as const;

export const secondaryButtonCss = {
  ...buttonCss,
  background: 'transparent',
  color: 'var(--forest)',
  border: '1px solid var(--forest)',
} as const;

export const linkButtonCss = {
  font: 'inherit',
  background: 'none',
  border: 0,
  padding: 0,
  color: 'var(--forest)',
  textDecoration: 'underline',
  cursor: 'pointer',
} as const;

export function SubmitButton({ children, busy, busyLabel }: { children: ReactNode; busy: boolean; busyLabel?: string }) {
  return (
    <button type="submit" disabled={busy} aria-busy={busy} css={{ ...buttonCss, width: '100%' }}>
      {busy ? (busyLabel ?? 'Please wait…') : children}
    </button>
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

export const headingCss = { fontFamily: 'Georgia, "Times New Roman", serif', fontWeight: 400, fontSize: 34, margin: '0 0 .5rem' } as const;

export function useTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | Fernleaf`;
  }, [title]);
}
