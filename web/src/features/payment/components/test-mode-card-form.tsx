import { useEffect, useId, useRef, useState } from 'react';
import { Field, fieldControlClass } from '../../../components/form/field';
import type { CardFormProps } from '../api/card-payment';
import { confirmWithTestDouble } from '../api/confirm-with-test-double';
import { checkTestCard, digitsOnly, formatCardNumber, formatExpiry, type TestCardField, type TestCardInput } from '../api/test-mode-card';
import css from './card-form.module.css';
import { Notice } from '../../../components/notice';

const Nowrap = ({ children }: { children: string }) => <span className={css.nowrap}>{children}</span>;

/**
 * The card form of the local stack (no Stripe keys): clearly marked TEST MODE, it takes only
 * Stripe's test card numbers and confirms at the local Stripe double the way Stripe.js would.
 * Plain inputs in the shop's Field (components/form/field.tsx).
 */
export default function TestModeCardForm({ onReadyChange, disabled }: CardFormProps) {
  const [card, setCard] = useState<TestCardInput>({ number: '', expiry: '', cvc: '' });
  const [invalid, setInvalid] = useState<TestCardField | null>(null);
  const cardRef = useRef(card);
  cardRef.current = card;
  const fields = useRef<Partial<Record<TestCardField, HTMLInputElement | null>>>({});
  const noteId = useId();
  const id = useId();

  // Ready as soon as it is on screen: nothing to load. The confirm function reads the latest fields.
  useEffect(() => {
    onReadyChange(async (clientSecret) => {
      const check = checkTestCard(cardRef.current);
      if (!check.ok) {
        setInvalid(check.field);
        // Keyboard and screen-reader users land on the field to fix.
        fields.current[check.field]?.focus();
        return { status: 'failed', message: check.message };
      }
      setInvalid(null);
      return confirmWithTestDouble(clientSecret, check.paymentMethod);
    });
    return () => onReadyChange(null);
  }, [onReadyChange]);

  const edit = (name: TestCardField, value: string) => {
    setCard((c) => ({ ...c, [name]: value }));
    if (invalid === name) setInvalid(null);
  };

  // Read-only rather than disabled while paying, so the focus stays where the reader is.
  const input = (name: TestCardField) =>
    ({
      id: `${id}-${name}`,
      className: fieldControlClass,
      inputMode: 'numeric',
      autoCorrect: 'off',
      spellCheck: false,
      readOnly: disabled,
      'aria-invalid': invalid === name,
      ref: (el: HTMLInputElement | null) => {
        fields.current[name] = el;
      },
    }) as const;

  return (
    <fieldset aria-describedby={noteId} className={css.fieldset}>
      <legend className={css.legend}>Card details</legend>
      <div className={css.note}>
        <Notice severity="warning" role="note" outlined id={noteId}>
          <strong>TEST MODE</strong>: no real card is charged. Use Stripe&apos;s test card <Nowrap>4242 4242 4242 4242</Nowrap> with any future date and any
          CVC; <Nowrap>4000 0000 0000 0002</Nowrap> is declined.
        </Notice>
      </div>
      <div className={css.fields}>
        <Field id={`${id}-number`} label="Card number" className={css.wide}>
          <input
            {...input('number')}
            name="cardnumber"
            value={card.number}
            onChange={(e) => edit('number', formatCardNumber(e.target.value))}
            placeholder="1234 1234 1234 1234"
            autoComplete="cc-number"
            maxLength={23}
          />
        </Field>
        <Field id={`${id}-expiry`} label="Expiry (MM/YY)">
          <input
            {...input('expiry')}
            name="exp-date"
            value={card.expiry}
            onChange={(e) => {
              // Deleting the slash must not put it straight back; anything else (typing, a paste
              // of "12 / 34" or "12/2034") is written MM/YY.
              const raw = e.target.value;
              const deleting = (e.nativeEvent as InputEvent).inputType?.startsWith('delete') ?? raw.length < card.expiry.length;
              edit('expiry', deleting ? raw : formatExpiry(raw));
            }}
            placeholder="MM/YY"
            autoComplete="cc-exp"
            // No maxLength: the browser would cut a pasted "12 / 2034" to "12 / " before the
            // formatter sees it. formatExpiry keeps the value at MM/YYYY at most.
          />
        </Field>
        <Field id={`${id}-cvc`} label="CVC">
          <input
            {...input('cvc')}
            name="cvc"
            value={card.cvc}
            onChange={(e) => edit('cvc', digitsOnly(e.target.value).slice(0, 4))}
            placeholder="123"
            autoComplete="cc-csc"
            maxLength={4}
          />
        </Field>
      </div>
    </fieldset>
  );
}
