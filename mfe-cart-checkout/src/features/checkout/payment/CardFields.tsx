/**
 * The card fields of the payment step: containers for the payment provider's hosted
 * fields. The number, expiry and CVV are typed inside the provider's frames (another origin); this
 * component only shows labels, the card type and the messages from the fields' state, and hands
 * the instance (tokenize, focus) to the step through `fieldsRef`.
 */
import { useEffect, useId, useRef, useState, type MutableRefObject } from 'react';
import { cardFieldErrors, createCardFields, emptyCardFieldsState, securityCodeName, type CardField, type CardFieldsState, type HostedFieldsInstance } from '../../../lib/payments';
import { errorText, Notice } from '../../../lib/ui';
import { CARD_FIELDS_UNAVAILABLE_MESSAGE } from './messages';

export interface CardFieldsApi {
  instance: HostedFieldsInstance;
  state: () => CardFieldsState;
}

const box = (invalid: boolean, focused: boolean) => ({
  height: 44,
  border: `1px solid ${invalid ? '#a3261b' : focused ? 'var(--forest)' : 'var(--line)'}`,
  boxShadow: focused ? '0 0 0 2px var(--forest)' : 'none',
  borderRadius: 8,
  background: '#fff',
  overflow: 'hidden',
});

export function CardFields({ submitted, fieldsRef }: { submitted: boolean; fieldsRef: MutableRefObject<CardFieldsApi | null> }) {
  const id = useId();
  const containers = { number: useRef<HTMLDivElement>(null), expirationDate: useRef<HTMLDivElement>(null), cvv: useRef<HTMLDivElement>(null) };
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [state, setState] = useState<CardFieldsState>(emptyCardFieldsState);
  const stateRef = useRef(state);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    let instance: HostedFieldsInstance | null = null;
    createCardFields({ number: containers.number.current!, expirationDate: containers.expirationDate.current!, cvv: containers.cvv.current! }, (next) => {
      if (!live) return;
      stateRef.current = next;
      setState(next);
    })
      .then((fields) => {
        if (!live) return void fields.teardown();
        instance = fields;
        fieldsRef.current = { instance: fields, state: () => stateRef.current };
        setStatus('ready');
      })
      .catch(() => {
        if (!live) return;
        setStatus('failed');
      });
    return () => {
      live = false;
      fieldsRef.current = null;
      void instance?.teardown();
    };
  }, [attempt]); // eslint-disable-line react-hooks/exhaustive-deps

  const errors = cardFieldErrors(state, submitted);
  const code = securityCodeName(state);
  // the messages reach the fields too (their input inside the frame describes itself with them)
  useEffect(() => {
    const fields = fieldsRef.current?.instance;
    if (!fields?.setMessage) return;
    for (const field of ['number', 'expirationDate', 'cvv'] as CardField[]) fields.setMessage({ field, message: errors[field] ?? '' });
  }, [errors.number, errors.expirationDate, errors.cvv]); // eslint-disable-line react-hooks/exhaustive-deps

  const brand = state.cards.length === 1 && !state.fields.number.isEmpty ? state.cards[0]!.niceType : null;
  const field = (key: CardField, label: string) => (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: '.9rem', minWidth: 0 }}>
      <span id={`${id}-${key}-label`} css={{ fontWeight: 600, fontSize: 14, cursor: 'default' }} onClick={() => void fieldsRef.current?.instance.focus(key)}>
        {label}
      </span>
      <div ref={containers[key]} data-testid={`card-field-${key}`} aria-labelledby={`${id}-${key}-label`} role="group" css={box(Boolean(errors[key]), state.fields[key].isFocused)} />
      {errors[key] ? (
        <p id={`${id}-${key}-error`} css={errorText} role={submitted ? 'alert' : undefined}>
          {errors[key]}
        </p>
      ) : null}
    </div>
  );

  return (
    <div data-testid="hosted-card-fields" data-status={status}>
      {status === 'failed' ? (
        <Notice>
          {CARD_FIELDS_UNAVAILABLE_MESSAGE}{' '}
          <button type="button" onClick={() => {
              setStatus('loading');
              setAttempt((n) => n + 1);
            }} css={{ background: 'none', border: 0, padding: 0, color: 'inherit', textDecoration: 'underline', cursor: 'pointer', font: 'inherit' }}>
            Try again
          </button>
        </Notice>
      ) : null}
      <div css={status === 'failed' ? { display: 'none' } : undefined} aria-busy={status === 'loading'}>
        {field('number', 'Card number')}
        {brand ? (
          <p css={{ fontSize: 13, color: 'var(--muted)', margin: '-.6rem 0 .6rem' }} data-testid="card-brand">
            {brand}
          </p>
        ) : null}
        <div css={{ display: 'grid', gap: '0 1rem', gridTemplateColumns: '1fr 1fr' }}>
          {field('expirationDate', 'Expiry (MM/YY)')}
          {field('cvv', code)}
        </div>
      </div>
    </div>
  );
}
