import { visuallyHidden } from '../../../components/visually-hidden';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PORTFOLIO } from '../data/portfolio';

/** The three live website links (SPEC §2), used by /blogs/livelink and /myportfolio2. */
export function LiveLinkList() {
  return (
    <Box component="ul" aria-label="Live websites" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
      {PORTFOLIO.liveLinks.map((l) => (
        <Box key={l.url} component="li" data-testid="live-link" sx={{ p: 2.5, border: 1, borderColor: 'divider', borderRadius: 2 }}>
          <Typography component="h3" variant="h6" gutterBottom>
            <Link href={l.url} target="_blank" rel="noopener noreferrer">
              {l.title}
              <Box component="span" sx={visuallyHidden}>
                {' '}
                (opens in a new tab)
              </Box>
            </Link>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {l.description}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
