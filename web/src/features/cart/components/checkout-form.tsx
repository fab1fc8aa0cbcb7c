import { lazy, Suspense, useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { Cart, CheckoutInput } from '@fridgeparts/common/cart';
import type { ZodType } from 'zod';
import { formatDollars } from '@fridgeparts/common/money';
import { Button } from '../../../components/button';
import { ContactFields, contactDefaults, type ContactValues } from '../../../components/form/contact-fields';
import { useShopForm } from '../../../components/form/use-shop-form';
import { FormError } from '../../../components/form/form-error';
import { chosenOption, ShippingOptionsField } from '../../../components/form/shipping-options';
import { optionsWaitingText, placeText } from '../../../components/form/shipping-place';
import { useShippingOptions, whereOfAddress } from '../../../lib/domain/shipping-api';
import { useCartTax } from '../../../lib/domain/cart-tax-api';
import { OrderAmounts } from '../../../components/order-amounts';
import { TAX_LOADING_TEXT, TAX_PENDING_SHIP_TO_TEXT, TAX_PENDING_TEXT, TAX_UNREAD_TEXT, totalOf, type TaxView } from '../../../lib/domain/tax-words';
import { useKeepTyped } from '../../../components/form/use-typed-values';
import { useMemberForm, type MemberForm } from '../../../components/form/use-member-form';
import ui from '../../../components/ui.module.css';
import { isLinePath, problemsByLine } from '../../../lib/domain/line-problems';
import { paths } from '../../../lib/infra/paths';
import { countOf } from '../../../lib/domain/plural';
import { notify } from '../../../lib/infra/toast';
import { cartNowOf } from '../../../lib/domain/use-cart';
import { creditRefusalOf, overSpendingLimit } from '../../../lib/domain/on-account';
import { loadCheckoutRequest, useCheckout, type Placed } from '../api/use-checkout';
import { countedParts } from '../lib/counted-parts';
import css from './cart.module.css';

// What a company member's order may say (on account, over the spending limit): rare on the cart
// page, so their words load when one shows, not with the page (the route's JS budget, issue 9).
const OnAccountNotice = lazy(() => import('../../../components/form/on-account-notice').then((m) => ({ default: m.OnAccountNotice })));
const OverLimitNotice = lazy(() => import('../../../components/form/over-limit-notice').then((m) => ({ default: m.OverLimitNotice })));

export interface CheckoutFormProps {
  cart: Cart | undefined;
  /** The server named cart lines that stop the order (stock, minimum, a tool gone): by index. */
  onLineProblems: (byLine: Map<number, string>) => void;
  /** The cart changed since the page showed it (412): nothing was booked, and it now shows the cart as it is. */
  onMoved: () => void;
  /** The cart's sales tax for the ship-to the form holds (null until one is known), for the lines above. */
  onTax?: (tax: TaxView | null) => void;
}

/**
 * Checkout (CONTRACT §8): phone and address (from the buyer's last order while the fields are
 * empty), an optional PO number, and "Place order", which books the whole cart as one order and
 * opens its Payment page. Place order waits for a cart that would pass (`cart.ready`); the server
 * checks every line again and a refusal marks the lines it names. It books the cart the page shows
 * (its version): if it changed meanwhile in another tab or device, nothing is booked and the page
 * shows the cart as it is now, to check and place again.
 *
 * A company member (GET /me/company, cached for the dashboard's menu) chooses one of the company's
 * ship-to locations instead of typing an address, and the order goes to `shipToId` (CONTRACT §10,
 * decision 0060); an order over their spending limit waits for a company admin, which the form
 * says before the click (decision 0067), so it opens on its order page, which says so, not on Payment. The form is made anew when the membership becomes
 * known (its schema and fields differ; useMemberForm, decision 0076); until then, and for anyone in no company, it is the
 * address form as before. What was typed before then carries over to the new form.
 *
 * A member of a Net 30 company pays on account (CONTRACT §10, decision 0063): the form says so in
 * the card step's place, with what is left of the company's credit, "Place order on account"
 * places a `confirmed` order and opens its order page (the invoice's link appears there), and the
 * server's refusal of an order past the credit limit (409) shows in the form beside the figures.
 */
export function CheckoutForm(props: CheckoutFormProps) {
  const { key, ...member } = useMemberForm<ContactValues>();
  return <CheckoutFormOf key={key} {...props} {...member} />;
}

function CheckoutFormOf({
  cart,
  onLineProblems,
  onMoved,
  onTax,
  shipTo,
  typed,
  account,
  spendingLimit,
  refreshAccount,
}: CheckoutFormProps & Omit<MemberForm<ContactValues>, 'key'>) {
  const checkout = useCheckout();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { form, submit, prefetch, isSubmitting, formError } = useShopForm<ContactValues, CheckoutInput, Placed>({
    // zod and the schema load when the form is first used, not with the page.
    // A member's schema reads phone, shipToId and PO number and leaves out the address the form
    // holds but does not show; hence the cast of its input type.
    // Anyone else's sends the address object and everyone's the shipping option (decision 0076).
    schema: () =>
      import('../lib/checkout-schemas').then(
        (m) =>
          (shipTo ? m.withShippingMethod(m.checkoutMemberFormSchema) : m.withShippingAddress(m.checkoutFormSchema)) as unknown as ZodType<
            CheckoutInput,
            ContactValues
          >,
      ),
    defaultValues: { ...contactDefaults(shipTo), ...typed.current },
    action: async (values) => {
      if (!cart) throw new Error('No cart to check out');
      let placed: Placed;
      try {
        placed = await checkout({ ...(values as CheckoutInput), version: cart.version });
      } catch (err) {
        if (cartNowOf(err)) {
          onLineProblems(new Map());
          onMoved();
          throw err;
        }
        const byLine = problemsByLine(err);
        onLineProblems(byLine);
        const credit = account && creditRefusalOf(err);
        if (credit) {
          // Shown in the form, where the credit left is; the company is read again for its figures.
          setRefusal(credit);
          refreshAccount();
          throw err;
        }
        notify.error(byLine.size > 0 ? `${(err as Error).message} The lines marked in the cart stop this order.` : (err as Error).message);
        throw err;
      }
      setRefusal(null);
      if (account) refreshAccount();
      // Paid for on the order's Payment page, in one payment (CONTRACT §8); an order waiting for
      // approval can not be paid yet, and one confirmed on account is paid by its invoice: their
      // order page says so.
      const { booking } = placed;
      navigate(booking.state === 'reserved' ? paths.payment(booking._id) : paths.order(booking._id));
      return placed;
    },
    success: (_v, { placed }) => placed,
    // lines.{i}.{field} name the cart's lines, shown on them; phone, address and shipToId on their fields.
    serverFieldName: (path) => (isLinePath(path) ? null : undefined),
  });
  useKeepTyped(form, typed);
  // The shipping options for where it goes and what the cart holds (CONTRACT §14): a member's
  // ship-to, or the address once it names a country, state and postal code.
  const [shipToId, address, methodId] = useWatch({ control: form.control, name: ['shipToId', 'shippingAddress', 'shippingMethodId'] });
  const where = shipTo ? (shipToId ? { shipToId } : null) : whereOfAddress(address);
  const hasLines = Boolean(cart && cart.lines.length > 0);
  const shipping = useShippingOptions({ where, cartVersion: cart?.version, enabled: hasLines });
  const chosen = chosenOption(shipping.options, methodId);
  // The sales tax for the same place (CONTRACT §15): GET /cart with it, asked as the options are;
  // with the method chosen when it is not the cheapest (the server's default), as some states tax shipping.
  const taxed = useCartTax({
    where,
    shippingMethodId: chosen && chosen.id !== shipping.options?.[0]?.id ? chosen.id : undefined,
    cartVersion: cart?.version,
    enabled: hasLines,
  });
  const { tax } = taxed;
  useEffect(() => onTax?.(tax), [tax, onTax]);
  const ready = Boolean(cart?.ready);
  // The lines the order would take, as the tax counts them: a line the server would refuse is left
  // out of Parts, and the row says how many (they are marked in the cart above).
  const { parts, deposits, charged, left } = countedParts(cart?.lines ?? []);
  // What the order comes to: the lines and their core deposits (decision 0088), the shipping chosen
  // (one charge, CONTRACT §14) and the sales tax (§15, the deposits' too); until both are known, the
  // parts, deposits and the shipping known so far.
  const soFar = cart ? totalOf(charged, chosen?.amount ?? 0, tax?.amount ?? 0) : null;
  const total = chosen && tax ? soFar : null;
  // The server judges the spending limit on the total with shipping and sales tax (CONTRACT §10): once
  // the tax is read, exactly that; before, the parts and shipping, already above it or not.
  const over = overSpendingLimit(spendingLimit, soFar, tax !== null);
  const summary = soFar !== null && (total !== null ? `${formatDollars(total)} with shipping and sales tax` : formatDollars(soFar));
  const why =
    !cart || cart.lines.length === 0
      ? 'Add parts to your cart to check out.'
      : !ready
        ? 'Fix the lines marked in the cart first: change their quantity or remove them.'
        : account
          ? `${countOf(cart.lineCount, 'line')}, ${summary}, booked as one order on your company's account.`
          : `${countOf(cart.lineCount, 'line')}, ${summary}, booked as one order and paid in one payment.`;
  // Before a ship-to: when it comes (the shipping too); then calculating; an answer without tax (or a
  // failed read): the order shows it. The shipping options themselves say why none is chosen.
  const waitingFor = shipTo ? TAX_PENDING_SHIP_TO_TEXT : TAX_PENDING_TEXT;
  const taxPending = taxed.waiting ? waitingFor : taxed.loading ? TAX_LOADING_TEXT : TAX_UNREAD_TEXT;
  return (
    <form
      noValidate
      onSubmit={submit}
      onFocus={() => {
        prefetch();
        void loadCheckoutRequest();
      }}
      aria-labelledby="checkout-title"
      className={`${ui.paper} ${css.checkout}`}
    >
      <h2 id="checkout-title" className={css.checkoutTitle}>
        Checkout
      </h2>
      <ContactFields form={form} shipTo={shipTo} />
      <ShippingOptionsField form={form} state={shipping} waitingText={optionsWaitingText(shipTo)} placeText={placeText(shipTo, shipToId, address)} />
      {cart && (
        <OrderAmounts
          parts={parts}
          partsNote={left > 0 && `${countOf(left, 'line')} left out`}
          deposits={deposits}
          shipping={chosen ? chosen.amount : null}
          shippingPending={shipping.waiting ? waitingFor : '—'}
          tax={tax}
          taxPending={taxPending}
          total={total}
          totalPending="after shipping and tax"
          testId="checkout-total"
          totalTestId="checkout-total-amount"
          live
        />
      )}
      <Suspense fallback={null}>
        {over && <OverLimitNotice hint={over} />}
        {account && <OnAccountNotice account={account} refusal={refusal} waits={!!over} />}
      </Suspense>
      <FormError message={formError} />
      <div className={css.actions}>
        <Button type="submit" variant="contained" size="large" disabled={!ready || isSubmitting} busy={isSubmitting}>
          {isSubmitting ? 'Placing order…' : account ? 'Place order on account' : 'Place order'}
        </Button>
        <p className={ready ? css.note : `${css.note} ${css.noteError}`} aria-live="polite" data-testid="checkout-note">
          {why}
        </p>
      </div>
    </form>
  );
}
