import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { LiveLinkList } from '../features/content/components/live-link-list';
import { SkillCards } from '../features/content/components/skill-cards';
import { PORTFOLIO } from '../features/content/data/portfolio';
import { usePageTitle } from '../lib/use-page-title';

/** /myportfolio2 (SPEC §2): name, contact, education, nine skill cards, three live links. */
export default function PortfolioPage() {
  usePageTitle('My Portfolio');
  const { education } = PORTFOLIO;
  return (
    <Container sx={{ py: 5 }}>
      <Box component="header" sx={{ mb: 5 }}>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 800 }}>
          {PORTFOLIO.name}
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary">
          {PORTFOLIO.role}
        </Typography>
        <Typography sx={{ mt: 2, maxWidth: '75ch' }}>{PORTFOLIO.about}</Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 5 }}>
        <Box component="section" aria-labelledby="contact-heading">
          <Typography id="contact-heading" variant="h5" component="h2" gutterBottom>
            Contact
          </Typography>
          <Typography>
            Email: <Link href={`mailto:${PORTFOLIO.email}`}>{PORTFOLIO.email}</Link>
          </Typography>
          <Typography>
            Phone: <Link href={`tel:${PORTFOLIO.phone.replace(/[^+\d]/g, '')}`}>{PORTFOLIO.phone}</Link>
          </Typography>
          <Typography>Location: {PORTFOLIO.location}</Typography>
        </Box>
        <Box component="section" aria-labelledby="education-heading">
          <Typography id="education-heading" variant="h5" component="h2" gutterBottom>
            Education
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>{education.degree}</Typography>
          <Typography>{education.school}</Typography>
          <Typography color="text.secondary">{education.years}</Typography>
        </Box>
      </Box>
      <Box component="section" aria-labelledby="skills-heading" sx={{ mb: 5 }}>
        <Typography id="skills-heading" variant="h5" component="h2" gutterBottom>
          Skills
        </Typography>
        <SkillCards />
      </Box>
      <Box component="section" aria-labelledby="projects-heading">
        <Typography id="projects-heading" variant="h5" component="h2" gutterBottom>
          Live projects
        </Typography>
        <LiveLinkList />
      </Box>
    </Container>
  );
}
