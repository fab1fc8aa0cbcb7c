import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PORTFOLIO } from '../../features/content/data/portfolio';
import { usePageTitle } from '../../lib/use-page-title';

/** /blogs index: a short invitation to look at the portfolio (SPEC §2). */
export default function BlogsIndexPage() {
  usePageTitle('Blogs');
  const { intro } = PORTFOLIO;
  return (
    <Box component="section" aria-labelledby="blogs-heading">
      <Typography id="blogs-heading" variant="h4" component="h1" gutterBottom>
        {intro.heading}
      </Typography>
      {intro.paragraphs.map((p, i) => (
        <Typography key={i} sx={{ mb: 1.5, maxWidth: '75ch' }}>
          {p}
        </Typography>
      ))}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2 }}>
        <Button component={RouterLink} to={intro.portfolioHref} variant="contained">
          {intro.portfolioLabel}
        </Button>
        <Button component={RouterLink} to={intro.liveLinksHref} variant="outlined">
          {intro.liveLinksLabel}
        </Button>
      </Box>
    </Box>
  );
}
