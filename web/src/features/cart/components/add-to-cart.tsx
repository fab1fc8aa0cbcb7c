import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { quantityProblem } from '@fridgeparts/common/pricing';
import type { Tool } from '@fridgeparts/common/tool';
import { Button } from '../../../components/button';
// The field shell alone, not form-input.tsx, which brings react-hook-form (12 KB) into the
// catalogue's and the tool page's first load.
import { Field, fieldControlClass } from '../../../components/form/field';
import { paths } from '../../../lib/infra/paths';
import { useHydrated } from '../../../lib/infra/use-hydrated';
import { useSession } from '../../../lib/infra/session';
import { notify } from '../../../lib/infra/toast';
import { useAddToCart } from '../../../lib/domain/use-cart';
import css from './add-to-cart.module.css';

/** "Added 3 x Door Gasket to your cart". */
export const addedMessage = (quantity: number, name: string) => `Added ${quantity} x ${name} to your cart`;

/** The quantity as typed, as a whole number, or NaN (an empty field, "2.5", "1e3"). */
const asQuantity = (text: string) => (/^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

export interface AddToCartProps {
  tool: Tool;
  /** The catalogue card's one-row form (the tool page shows a labelled field and a large button). */
  compact?: boolean;
}

/**
 * Add to cart with a quantity (CONTRACT §8): on the tool page beside Book Order and on each
 * catalogue card. The quantity starts at the tool's minimum and is checked with the booking
 * modal's rules (minimum, stock, pack size: common/pricing quantityProblem); the server checks
 * the line again and the cart shows its word. A visitor who is not signed in goes to /login
 * (and comes back here after). The result is said in a line kept under the form (and toasted),
 * with a link to the cart.
 */
export function AddToCart({ tool, compact = false }: AddToCartProps) {
  const { user, loading: sessionLoading } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const hydrated = useHydrated();
  const { addToCart, pending } = useAddToCart();
  const [text, setText] = useState(String(tool.minimumQuantity));
  const [added, setAdded] = useState<number | null>(null);
  const inputId = useId();
  const noteId = `${inputId}-note`;
  const quantity = asQuantity(text);
  const rules = { minimumQuantity: tool.minimumQuantity, availableQuantity: tool.availableQuantity, packSize: tool.packSize ?? 1 };
  const problem = text.trim() === '' ? 'Enter a quantity' : quantityProblem(rules, quantity);

  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    // A stored session is restored once the page is idle: until then nobody reads as signed in,
    // and sending a signed-in buyer to /login would lose the add (the login page sends them back).
    if (sessionLoading) return;
    if (!user) {
      navigate(paths.login, { state: { from: location } });
      return;
    }
    if (problem || pending) return;
    setAdded(null);
    try {
      await addToCart([{ toolId: tool._id, quantity }]);
    } catch (err) {
      notify.error((err as Error).message);
      return;
    }
    setAdded(quantity);
    notify.success(addedMessage(quantity, tool.name));
  };

  // Signed out, the quantity is not checked yet: the button only leads to sign-in.
  const shownProblem = user ? problem : null;
  return (
    <form className={compact ? css.compact : css.full} onSubmit={(e) => void add(e)} aria-label={`Add ${tool.name} to the cart`} noValidate>
      <div className={css.row}>
        <Field id={inputId} label={compact ? `Quantity of ${tool.name}` : 'Quantity'} labelHidden={compact}>
          <input
            id={inputId}
            className={`${fieldControlClass} ${css.input}`}
            type="number"
            inputMode="numeric"
            min={tool.minimumQuantity}
            max={tool.availableQuantity}
            step={tool.packSize > 1 ? tool.packSize : 1}
            value={text}
            disabled={!hydrated}
            onChange={(e) => {
              setText(e.target.value);
              setAdded(null);
            }}
            aria-invalid={Boolean(shownProblem)}
            aria-describedby={noteId}
          />
        </Field>
        <Button
          type="submit"
          variant="outlined"
          size={compact ? 'medium' : 'large'}
          className={css.button}
          disabled={!hydrated || sessionLoading || pending || Boolean(shownProblem)}
          aria-label={compact ? `Add to cart: ${tool.name}` : undefined}
        >
          {pending ? 'Adding…' : 'Add to cart'}
        </Button>
      </div>
      {/* One line kept from the start, so the word after a change moves nothing below it. */}
      <p id={noteId} className={shownProblem ? `${css.note} ${css.problem}` : css.note} aria-live="polite" data-testid="add-to-cart-note">
        {shownProblem ? (
          shownProblem
        ) : added !== null ? (
          <>
            Added {added}. <Link to={paths.cart}>View cart</Link>
          </>
        ) : compact ? (
          ''
        ) : (
          `Between ${tool.minimumQuantity} and ${tool.availableQuantity}${tool.packSize > 1 ? `, in packs of ${tool.packSize}` : ''}`
        )}
      </p>
    </form>
  );
}
