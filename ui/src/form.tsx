/**
 * The storefront's one form layer: every form of the account and checkout remotes.
 *
 * Values and touched state are kept by react-hook-form; validation is a zod schema
 * (`safeParse`, run synchronously on the current values: a field's error is always the error of
 * what it holds now, so rules across fields, e.g. "repeat password", stay in step). The rules of
 * are encoded here once:
 *
 * - a field becomes touched on blur (text inputs 300 ms after the blur, `TEXT_TOUCH_DELAY_MS`;
 *   passwords, selects and checkboxes at once) and shows its error only when touched;
 * - a submit touches every visible field (the fields on the page now) and focuses the first
 *   invalid one in page order; fields of the schema that are not on the page do not count;
 * - otherwise the form is submitting: `submitting` is true, every field is disabled (and the
 *   submit button, by the caller: `form.submitting`) until the submit function settles;
 * - a second submit while one runs (or while the form is `busy`) is ignored.
 *
 * The submit function is called synchronously from the submit event (a payment sheet or popup it
 * opens still has the click's user activation).
 *
 * The field components (`Field`, `TextField`, `SelectField`, `CheckboxField`, `inputProps`,
 * `checkboxProps`; `./fields`, re-exported here) carry the label, the hint and the error text
 * linked with aria-describedby, and aria-invalid; each remote gives its look (`FieldLook`: styles
 * only).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm as useHookForm, useWatch, type DefaultValues, type FieldValues } from 'react-hook-form';
import * as z from 'zod/mini';
import type { FieldBinding } from './fields';

export * from './fields';

/** A form's values: every field a string (text, select) or a boolean (checkbox). */
export type FormValues<V = Record<string, unknown>> = { [K in keyof V]: string | boolean };

/** What the layer needs of a schema: zod's (or zod/mini's) `safeParse`. */
export interface FormSchema {
  safeParse(input: unknown): { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } | undefined };
}

export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

/** The first message per field (the first element of an issue's path) of a schema over `values`. */
export function fieldErrors<V extends FormValues<V>>(schema: FormSchema, values: V): FieldErrors<V> {
  const result = schema.safeParse(values);
  const errors: Record<string, string> = {};
  if (result.success || !result.error) return errors as FieldErrors<V>;
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in errors)) errors[key] = issue.message;
  }
  return errors as FieldErrors<V>;
}

export type FieldRules<V> = { [K in keyof V]?: (value: V[K], values: V) => string | null | undefined };

/**
 * A zod/mini schema from per-field rules (each gives the field's message, or null when valid) or
 * from one function giving every field's message: the forms keep their exact wording and
 * the rules themselves use the contracts' schemas and patterns.
 */
export function rulesSchema<V extends FormValues<V>>(rules: FieldRules<V> | ((values: V) => FieldErrors<V>)) {
  return z.looseObject({}).check(
    z.superRefine((input, ctx) => {
      const values = input as V;
      const byName = input as Record<string, unknown>;
      const messages: Record<string, string | null | undefined> =
        typeof rules === 'function' ? rules(values) : Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, (rule as (v: unknown, all: V) => string | null | undefined)(byName[name], values)]));
      for (const [name, message] of Object.entries(messages)) if (message) ctx.addIssue({ code: 'custom', path: [name], message, input: byName[name] });
    }),
  );
}

export interface UseFormOptions<V extends FormValues<V>> {
  defaultValues: V;
  /** Read on every render: it may depend on the page (the market, what is chosen). */
  schema?: FormSchema;
  /** Per-field rules (or one function giving every field's message) instead of a schema: `rulesSchema(rules)`. */
  rules?: FieldRules<V> | ((values: V) => FieldErrors<V>);
  /** Something else is running (e.g. an order completing after a redirect): as submitting, without a submit. */
  busy?: boolean;
}

type Bound<V extends FormValues, K extends keyof V & string> = FieldBinding<V[K]>;

export function useForm<V extends FormValues<V>>({ defaultValues, schema: given, rules, busy = false }: UseFormOptions<V>) {
  const schema = given ?? rulesSchema<V>(rules ?? {});
  // typed loosely inside (names are the keys of V); the layer's own API is typed by V
  const hook = useHookForm<FieldValues>({ defaultValues: defaultValues as DefaultValues<FieldValues> });
  const { control, getValues, setValue, reset } = hook;
  const values = { ...defaultValues, ...(useWatch({ control }) as Partial<V>) } as V;
  const touched = hook.formState.touchedFields as Partial<Record<string, boolean>>;
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const running = useRef(false);
  const busyRef = useRef(busy);
  busyRef.current = busy;
  const schemaRef = useRef(schema);
  schemaRef.current = schema;
  const elements = useRef(new Map<string, HTMLElement>());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const errors = fieldErrors(schema, values);
  const disabled = submitting || busy;
  const touch = (name: string) => setValue(name, getValues(name), { shouldTouch: true });

  const field = <K extends keyof V & string>(name: K): Bound<V, K> => ({
    name,
    value: values[name],
    error: touched[name] ? (errors[name] ?? null) : null,
    disabled,
    ref: (el) => {
      if (el) elements.current.set(name, el);
      else elements.current.delete(name);
    },
    onChange: (value) => setValue(name as string, value as unknown),
    onBlur: (delayMs = 0) => {
      if (delayMs <= 0) return touch(name);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        touch(name);
      }, delayMs);
      timers.current.add(timer);
    },
  });

  /** Visible fields in page order. */
  const visibleFields = (): [string, HTMLElement][] =>
    [...elements.current.entries()].filter(([, el]) => el.isConnected).sort(([, a], [, b]) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));

  const handleSubmit =
    (submit: (values: V) => unknown) =>
    (event?: FormEvent): unknown => {
      event?.preventDefault();
      if (running.current || busyRef.current) return undefined; // Submitting twice at once is an error
      setSubmitted(true);
      const current = { ...defaultValues, ...getValues() } as V;
      const problems = fieldErrors(schemaRef.current, current);
      const visible = visibleFields();
      for (const [name] of visible) touch(name);
      const firstInvalid = visible.find(([name]) => problems[name as keyof V & string]);
      if (firstInvalid) {
        firstInvalid[1].focus();
        return undefined;
      }
      running.current = true;
      setSubmitting(true);
      const finish = () => {
        running.current = false;
        setSubmitting(false);
      };
      let outcome: unknown;
      try {
        outcome = submit(current);
      } catch (error) {
        finish();
        throw error;
      }
      if (outcome instanceof Promise) return outcome.finally(finish);
      finish();
      return outcome;
    };

  return {
    values,
    /** Every field's current error, touched or not (e.g. for a summary line). */
    errors,
    field,
    handleSubmit,
    submitting: disabled,
    /** A submit has been tried (for choices that are not fields, e.g. a radio group's message). */
    submitted,
    /** The values now (also between renders, e.g. in a callback). */
    getValues: () => ({ ...defaultValues, ...getValues() }) as V,
    /** Sets values without touching the fields. */
    setValues: (patch: Partial<V>) => {
      for (const [name, value] of Object.entries(patch)) setValue(name, value);
    },
    /** New values (default: the initial ones) with nothing touched. */
    reset: (next?: V) => {
      reset(next ?? defaultValues);
      setSubmitted(false);
    },
  };
}

export type Form<V extends FormValues<V>> = ReturnType<typeof useForm<V>>;

