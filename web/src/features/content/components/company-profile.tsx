import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/button';
import ui from '../../../components/ui.module.css';
import { COMPANY, CONTACT_SUPPLIER_MAILTO, FACTORY_TOUR_MAILTO, MEDIA } from '../data/company';
import css from './home-sections.module.css';

// The contact dialog loads only when a visitor asks to get in touch.
const ContactDialog = lazy(() => import('./contact-dialog'));

const DIALOGS = {
  supplier: {
    title: 'Contact Supplier',
    intro: 'Our sales team answers wholesale enquiries within one working day.',
    mailto: CONTACT_SUPPLIER_MAILTO,
    actionLabel: 'Email sales',
  },
  tour: {
    title: 'Book a Factory Tour',
    intro: 'Visit our plant and see the production lines. Tell us the dates that suit you and how many people will come.',
    mailto: FACTORY_TOUR_MAILTO,
    actionLabel: 'Request a tour',
  },
} as const;

type DialogKind = keyof typeof DIALOGS;

const FACTS: { label: string; value: string }[] = [
  { label: 'Business type', value: COMPANY.businessType },
  { label: 'Main products', value: COMPANY.mainProducts.join(', ') },
  { label: 'Plant area', value: COMPANY.plantArea },
  { label: 'Registered capital', value: COMPANY.registeredCapital },
  { label: 'Main markets', value: COMPANY.mainMarkets.join(', ') },
];

/** Company profile (SPEC §1) with Contact Supplier and Book a Factory Tour. */
export function CompanyProfile() {
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [lastDialog, setLastDialog] = useState<DialogKind | null>(null);
  const open = (kind: DialogKind) => {
    setLastDialog(kind);
    setDialog(kind);
  };
  const shown = lastDialog ? DIALOGS[lastDialog] : null;

  return (
    <section aria-labelledby="company-heading" className={`${ui.section} ${ui.deferred} ${css.company}`}>
      <img className={css.companyImage} src={MEDIA.factory} alt={`The ${COMPANY.name} plant`} width={800} height={500} loading="lazy" decoding="async" />
      <div>
        <h2 id="company-heading" className={ui.sectionTitle}>
          Company profile
        </h2>
        <p className={ui.muted}>{COMPANY.tagline}</p>
        <dl className={css.facts}>
          {FACTS.map((f) => (
            <div key={f.label} style={{ display: 'contents' }}>
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
        <div className={css.actions}>
          <Button variant="contained" onClick={() => open('supplier')} aria-haspopup="dialog">
            Contact Supplier
          </Button>
          <Button variant="outlined" onClick={() => open('tour')} aria-haspopup="dialog">
            Book a Factory Tour
          </Button>
        </div>
      </div>
      {shown && (
        <Suspense fallback={null}>
          <ContactDialog open={dialog !== null} onClose={() => setDialog(null)} {...shown} />
        </Suspense>
      )}
    </section>
  );
}
