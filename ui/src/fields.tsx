/**
 * The form layer's field components (the hook is `./form`): label, hint, and the error
 * text linked with aria-describedby, aria-invalid; a text input becomes touched 300 ms after its
 * blur. No react-hook-form or zod here, so a page that only shows a field (an apply box,
 * a search) does not load the form library.
 */
import type { CSSObject } from '@emotion/react';
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

/** How long after leaving a text input it becomes touched (300 ms). */
export const TEXT_TOUCH_DELAY_MS = 300;

/** What a field component needs of its form. */
export interface FieldBinding<T = string | boolean> {
  name: string;
  value: T;
  /** The error to show: set only when the field is touched. */
  error: string | null;
  disabled: boolean;
  ref(el: HTMLElement | null): void;
  onChange(value: T): void;
  /** Touches the field now or after `delayMs`. */
  onBlur(delayMs?: number): void;
}

/** Props binding a form field to an input, select or textarea of one's own markup (text: touched `delayMs` after the blur). */
export function inputProps(f: FieldBinding, delayMs = TEXT_TOUCH_DELAY_MS) {
  return {
    name: f.name,
    ref: f.ref,
    value: String(f.value),
    disabled: f.disabled,
    onChange: (e: { target: { value: string } }) => (f.onChange as (v: string) => void)(e.target.value),
    onBlur: () => f.onBlur(delayMs),
  };
}

/** Props binding a form field to a checkbox of one's own markup. */
export function checkboxProps(f: FieldBinding) {
  return {
    type: 'checkbox' as const,
    name: f.name,
    ref: f.ref,
    checked: Boolean(f.value),
    disabled: f.disabled,
    onChange: (e: { target: { checked: boolean } }) => (f.onChange as (v: boolean) => void)(e.target.checked),
    onBlur: () => f.onBlur(0),
  };
}

/** A remote's look of its fields: styles only (the markup and the ARIA are this file's). */
export interface FieldLook {
  row: CSSObject;
  label: CSSObject;
  optional: CSSObject;
  input: (invalid: boolean) => CSSObject;
  hint: CSSObject;
  error: CSSObject;
  /** The hint between the label and the input (else after the input). */
  hintFirst?: boolean;
  /** Keep the (empty) error line when there is no error, so the page does not move. */
  reserveError?: boolean;
}

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  look: FieldLook;
  error?: string | null;
  hint?: ReactNode;
  optional?: boolean;
  /** The error is announced when it appears (role="alert"): for errors that follow an action, not typing. */
  announceError?: boolean;
  /** Marks the field invalid and describes it by another element's error (e.g. a group's one message). */
  errorId?: string | null;
  inputRef?: (el: HTMLInputElement | null) => void;
}

/** A labelled input with its hint and error (aria-describedby, aria-invalid). */
export function Field({ label, look, error, hint, optional, id, announceError = false, errorId, inputRef, ...input }: FieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  const hintId = hint ? `${fieldId}-hint` : '';
  const errorIds = [error ? `${fieldId}-error` : '', errorId ?? ''];
  const describedBy = (look.hintFirst ? [hintId, ...errorIds] : [...errorIds, hintId]).filter(Boolean).join(' ') || undefined;
  const invalid = Boolean(error || errorId);
  const hintLine = hint ? (
    <span id={`${fieldId}-hint`} css={look.hint}>
      {hint}
    </span>
  ) : null;
  return (
    <div css={look.row}>
      <label htmlFor={fieldId} css={look.label}>
        {label}
        {optional ? <span css={look.optional}> (optional)</span> : null}
      </label>
      {look.hintFirst ? hintLine : null}
      <input id={fieldId} ref={inputRef} aria-invalid={invalid ? true : undefined} aria-describedby={describedBy} css={look.input(invalid)} {...input} />
      {look.hintFirst ? null : hintLine}
      {error || look.reserveError ? (
        <p id={error ? `${fieldId}-error` : undefined} role={announceError && error ? 'alert' : undefined} css={look.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<FieldProps, 'error' | 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'name' | 'checked'>;

/** A text input of a form: touched 300 ms after the blur (a password at once). */
export function TextField({ f, type = 'text', disabled, ...props }: InputProps & { f: FieldBinding }) {
  return (
    <Field
      {...props}
      type={type}
      name={f.name}
      value={String(f.value)}
      error={f.error}
      disabled={f.disabled || disabled}
      inputRef={f.ref}
      onChange={(e) => (f.onChange as (v: string) => void)(e.target.value)}
      onBlur={() => f.onBlur(type === 'password' ? 0 : TEXT_TOUCH_DELAY_MS)}
    />
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'onBlur' | 'name'> {
  label: string;
  look: FieldLook;
  f: FieldBinding;
  options: { value: string; label: string }[];
  /** The error is announced when it appears (role="alert"). */
  announceError?: boolean;
}

/** A choice from a fixed list (e.g. the Australian states), with the same label, error and focus handling. */
export function SelectField({ label, look, f, options, announceError = false, disabled, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div css={look.row}>
      <label htmlFor={id} css={look.label}>
        {label}
      </label>
      <select
        {...select}
        ref={f.ref}
        id={id}
        name={f.name}
        value={String(f.value)}
        disabled={f.disabled || disabled}
        onChange={(e) => (f.onChange as (v: string) => void)(e.target.value)}
        onBlur={() => f.onBlur(0)}
        aria-invalid={f.error ? true : undefined}
        aria-describedby={f.error ? `${id}-error` : undefined}
        css={look.input(Boolean(f.error))}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {f.error || look.reserveError ? (
        <p id={f.error ? `${id}-error` : undefined} role={announceError && f.error ? 'alert' : undefined} css={look.error}>
          {f.error}
        </p>
      ) : null}
    </div>
  );
}

/** A checkbox of a form: the box, then its label. */
export function CheckboxField({ label, f, rowCss, boxCss }: { label: ReactNode; f: FieldBinding; rowCss?: CSSObject; boxCss?: CSSObject }) {
  const id = useId();
  return (
    <div css={rowCss}>
      <input ref={f.ref} id={id} name={f.name} type="checkbox" checked={Boolean(f.value)} disabled={f.disabled} onChange={(e) => (f.onChange as (v: boolean) => void)(e.target.checked)} onBlur={() => f.onBlur(0)} css={boxCss} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
