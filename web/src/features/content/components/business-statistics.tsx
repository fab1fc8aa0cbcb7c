import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { STATISTICS } from '@fridgeparts/common/constants';

/** Business statistics (SPEC §1): 100+ customers, 120M+ annual revenue, 33k+ reviews, 60+ tools. */
export function BusinessStatistics() {
  return (
    <Box component="section" aria-labelledby="stats-heading" sx={{ py: 6 }}>
      <Typography id="stats-heading" variant="h4" component="h2" gutterBottom sx={{ textAlign: 'center' }}>
        Trusted by businesses worldwide
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, m: 0 }}>
        {STATISTICS.map((s) => (
          <Box key={s.label} data-testid="statistic" sx={{ display: 'flex', flexDirection: 'column-reverse', alignItems: 'center', p: 3, borderRadius: 2, bgcolor: 'primary.main', color: 'common.white' }}>
            <Typography component="dt" sx={{ fontSize: '1rem' }}>
              {s.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontSize: { xs: '2rem', md: '2.5rem' }, fontWeight: 800, lineHeight: 1.2 }}>
              {s.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
