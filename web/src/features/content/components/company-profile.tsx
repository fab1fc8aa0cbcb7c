import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { COMPANY, CONTACT_SUPPLIER_MAILTO, FACTORY_TOUR_MAILTO, MEDIA } from '../data/company';

// MUI Dialog (with its modal and transition code) loads only when a visitor asks to get in touch.
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
    <Box component="section" aria-labelledby="company-heading" sx={{ py: 6, display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' }, alignItems: 'center' }}>
      <img src={MEDIA.factory} alt={`The ${COMPANY.name} plant`} width={800} height={500} loading="lazy" decoding="async" style={{ width: '100%', height: 'auto', aspectRatio: '8 / 5', borderRadius: 8, display: 'block' }} />
      <Box>
        <Typography id="company-heading" variant="h4" component="h2" gutterBottom>
          Company profile
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {COMPANY.tagline}
        </Typography>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '11rem 1fr' }, columnGap: 2, rowGap: { xs: 0, sm: 1 }, m: 0 }}>
          {FACTS.map((f) => (
            <Box key={f.label} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 700, mt: { xs: 1, sm: 0 } }}>
                {f.label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {f.value}
              </Typography>
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 3 }}>
          <Button variant="contained" onClick={() => open('supplier')} aria-haspopup="dialog">
            Contact Supplier
          </Button>
          <Button variant="outlined" onClick={() => open('tour')} aria-haspopup="dialog">
            Book a Factory Tour
          </Button>
        </Box>
      </Box>
      {shown && (
        <Suspense fallback={null}>
          <ContactDialog open={dialog !== null} onClose={() => setDialog(null)} {...shown} />
        </Suspense>
      )}
    </Box>
  );
}
