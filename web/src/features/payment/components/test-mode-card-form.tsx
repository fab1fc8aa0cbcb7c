import { useEffect, useId, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { OutlinedField } from '../../../components/outlined-field';
import type { CardFormProps } from '../api/card-payment';
import { confirmWithTestDouble } from '../api/confirm-with-test-double';
import { checkTestCard, digitsOnly, formatCardNumber, formatExpiry, type TestCardField, type TestCardInput } from '../api/test-mode-card';

const Nowrap = ({ children }: { children: string }) => <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;

/**
 * The card form of the local stack (no Stripe keys): clearly marked TEST MODE, it takes only
 * Stripe's test card numbers and confirms at the local Stripe double the way Stripe.js would.
 */
export default function TestModeCardForm({ onReadyChange, disabled }: CardFormProps) {
  const [card, setCard] = useState<TestCardInput>({ number: '', expiry: '', cvc: '' });
  const [invalid, setInvalid] = useState<TestCardField | null>(null);
  const cardRef = useRef(card);
  cardRef.current = card;
  const fields = useRef<Partial<Record<TestCardField, HTMLInputElement | null>>>({});
  const noteId = useId();

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

  const edit = (field: TestCardField, value: string) => {
    setCard((c) => ({ ...c, [field]: value }));
    if (invalid === field) setInvalid(null);
  };

  // Read-only rather than disabled while paying, so the focus stays where the reader is.
  const digitsField = { inputMode: 'numeric', autoCorrect: 'off', spellCheck: false, readOnly: disabled } as const;

  return (
    <Box component="fieldset" aria-describedby={noteId} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Box component="legend" sx={{ fontWeight: 600, mb: 1, p: 0 }}>
        Card details
      </Box>
      <Alert severity="warning" variant="outlined" id={noteId} role="note" sx={{ mb: 2 }}>
        <strong>TEST MODE</strong>: no real card is charged. Use Stripe&apos;s test card <Nowrap>4242 4242 4242 4242</Nowrap> with any future
        date and any CVC; <Nowrap>4000 0000 0000 0002</Nowrap> is declined.
      </Alert>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        <OutlinedField
          label="Card number"
          name="cardnumber"
          value={card.number}
          onChange={(e) => edit('number', formatCardNumber(e.target.value))}
          error={invalid === 'number'}
          inputRef={(el: HTMLInputElement | null) => {
            fields.current.number = el;
          }}
          placeholder="1234 1234 1234 1234"
          autoComplete="cc-number"
          fullWidth
          sx={{ gridColumn: '1 / -1' }}
          inputProps={{ ...digitsField, maxLength: 23, 'aria-invalid': invalid === 'number' }}
        />
        <OutlinedField
          label="Expiry (MM/YY)"
          name="exp-date"
          value={card.expiry}
          onChange={(e) => {
            // Deleting the slash must not put it straight back.
            const raw = e.target.value;
            edit('expiry', raw.length < card.expiry.length ? raw : formatExpiry(raw));
          }}
          error={invalid === 'expiry'}
          inputRef={(el: HTMLInputElement | null) => {
            fields.current.expiry = el;
          }}
          placeholder="MM/YY"
          autoComplete="cc-exp"
          inputProps={{ ...digitsField, maxLength: 5, 'aria-invalid': invalid === 'expiry' }}
        />
        <OutlinedField
          label="CVC"
          name="cvc"
          value={card.cvc}
          onChange={(e) => edit('cvc', digitsOnly(e.target.value).slice(0, 4))}
          error={invalid === 'cvc'}
          inputRef={(el: HTMLInputElement | null) => {
            fields.current.cvc = el;
          }}
          placeholder="123"
          autoComplete="cc-csc"
          inputProps={{ ...digitsField, maxLength: 4, 'aria-invalid': invalid === 'cvc' }}
        />
      </Box>
    </Box>
  );
}
