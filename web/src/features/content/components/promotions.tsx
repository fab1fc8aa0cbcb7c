import { PROMOTIONS } from '@fridgeparts/common/constants';
import { formatWholeDollars } from '@fridgeparts/common/money';
import css from './home-sections.module.css';

const OFFERS = [
  {
    id: 'free-shipping',
    title: 'Free shipping',
    text: `Free shipping on orders up to ${formatWholeDollars(PROMOTIONS.freeShippingUpToDollars)}.`,
  },
  {
    id: 'savings',
    title: `Save up to ${PROMOTIONS.discountPercent}%`,
    text: `Savings of up to ${PROMOTIONS.discountPercent}% until ${PROMOTIONS.discountUntil}.`,
  },
] as const;

/** The two promotions of SPEC §1 (values from the shared constants). */
export function Promotions() {
  return (
    <section aria-label="Promotions" className={css.promotions}>
      {OFFERS.map((o) => (
        <div key={o.id} data-testid={`promotion-${o.id}`} className={css.promotion}>
          <h2>{o.title}</h2>
          <p>{o.text}</p>
        </div>
      ))}
    </section>
  );
}
