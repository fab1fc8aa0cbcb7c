import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LEGAL, LEGAL_DOC_IDS, isLegalDocId, type LegalDocId } from '../features/content/data/legal';
import { usePageTitle } from '../lib/use-page-title';
import NotFoundPage from './not-found-page';

// The date is a calendar day, not an instant: formatting it in UTC keeps "November 1" from
// becoming "October 31" for readers west of Greenwich.
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** /legal/:doc (open): terms of use, privacy policy or cookie policy, linked from the footer. */
export default function LegalPage() {
  const { doc } = useParams<{ doc: string }>();
  // An unknown document is a wrong address like any other, so it gets the same page as one.
  if (!isLegalDocId(doc)) return <NotFoundPage />;
  return <LegalDocument id={doc} />;
}

function LegalDocument({ id }: { id: LegalDocId }) {
  const { title, updated, summary, sections } = LEGAL[id];
  usePageTitle(title);
  return (
    <Container maxWidth="md" sx={{ py: 5 }}>
      <Box component="article" aria-labelledby="legal-title" sx={{ maxWidth: 760 }}>
        <Box component="nav" aria-label="Legal documents" sx={{ mb: 3 }}>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}>
            {LEGAL_DOC_IDS.map((other) => (
              <li key={other}>
                {other === id ? (
                  <Typography component="span" variant="body2" aria-current="page" sx={{ fontWeight: 700 }}>
                    {LEGAL[other].title}
                  </Typography>
                ) : (
                  <Link component={RouterLink} to={`/legal/${other}`} variant="body2">
                    {LEGAL[other].title}
                  </Link>
                )}
              </li>
            ))}
          </Box>
        </Box>
        <Typography id="legal-title" variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.5rem' } }} gutterBottom>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
          Last updated <time dateTime={updated}>{dateFormat.format(new Date(`${updated}T00:00:00Z`))}</time>
        </Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 400, mb: 4 }}>
          {summary}
        </Typography>
        {sections.map((section) => {
          const headingId = `${id}-${slug(section.heading)}`;
          return (
            <Box key={section.heading} component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
              <Typography id={headingId} variant="h5" component="h2" sx={{ fontWeight: 700 }} gutterBottom>
                {section.heading}
              </Typography>
              {section.paragraphs.map((p, i) => (
                <Typography key={i} sx={{ mb: 1.5 }}>
                  {p}
                </Typography>
              ))}
            </Box>
          );
        })}
      </Box>
    </Container>
  );
}
