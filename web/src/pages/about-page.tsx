import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { ABOUT } from '../features/content/data/about';
import { usePageTitle } from '../lib/use-page-title';

/** /about (signed-in, SPEC §2): the company's story, values, certifications and milestones. */
export default function AboutPage() {
  usePageTitle('About');
  return (
    <Container sx={{ py: 5 }}>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' }, alignItems: 'center', mb: 5 }}>
        <Box>
          <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.75rem' } }} gutterBottom>
            {ABOUT.heading}
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 400 }}>
            {ABOUT.lead}
          </Typography>
        </Box>
        <img src={ABOUT.image} alt={ABOUT.imageAlt} width={800} height={500} style={{ width: '100%', height: 'auto', aspectRatio: '8 / 5', borderRadius: 8, display: 'block' }} />
      </Box>
      <Box component="section" aria-labelledby="story-heading" sx={{ mb: 5 }}>
        <Typography id="story-heading" variant="h4" component="h2" gutterBottom>
          Our story
        </Typography>
        {ABOUT.story.map((p, i) => (
          <Typography key={i} sx={{ mb: 1.5, maxWidth: '75ch' }}>
            {p}
          </Typography>
        ))}
      </Box>
      <Box component="section" aria-labelledby="values-heading" sx={{ mb: 5 }}>
        <Typography id="values-heading" variant="h4" component="h2" gutterBottom>
          What we stand for
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
          {ABOUT.values.map((v) => (
            <Box key={v.title} sx={{ p: 2.5, border: 1, borderColor: 'divider', borderRadius: 2 }}>
              <Typography variant="h6" component="h3" gutterBottom>
                {v.title}
              </Typography>
              <Typography color="text.secondary">{v.description}</Typography>
            </Box>
          ))}
        </Box>
      </Box>
      <Box component="section" aria-labelledby="certs-heading" sx={{ mb: 5 }}>
        <Typography id="certs-heading" variant="h4" component="h2" gutterBottom>
          Certifications
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
          {ABOUT.certifications.map((c) => (
            <Box key={c.name}>
              <Typography component="dt" sx={{ fontWeight: 700 }}>
                {c.name}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }} color="text.secondary">
                {c.description}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
      <Box component="section" aria-labelledby="milestones-heading">
        <Typography id="milestones-heading" variant="h4" component="h2" gutterBottom>
          Milestones
        </Typography>
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {ABOUT.milestones.map((m) => (
            <Box key={m.year} component="li" sx={{ display: 'flex', gap: 2 }}>
              <Typography sx={{ fontWeight: 800, minWidth: '4ch' }} color="primary">
                {m.year}
              </Typography>
              <Typography>{m.text}</Typography>
            </Box>
          ))}
        </Box>
      </Box>
    </Container>
  );
}
