import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PROMOTIONS } from '@fridgeparts/common/constants';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

const OFFERS = [
  {
    id: 'free-shipping',
    title: 'Free shipping',
    text: `Free shipping on orders up to ${usd.format(PROMOTIONS.freeShippingUpToDollars)}.`,
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
    <Box component="section" aria-label="Promotions" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: { xs: -3, md: -5 }, position: 'relative' }}>
      {OFFERS.map((o) => (
        <Box key={o.id} data-testid={`promotion-${o.id}`} sx={{ p: 3, borderRadius: 2, bgcolor: 'background.paper', boxShadow: 3, borderLeft: 6, borderColor: 'secondary.main' }}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {o.title}
          </Typography>
          <Typography sx={{ mt: 0.5 }}>{o.text}</Typography>
        </Box>
      ))}
    </Box>
  );
}
