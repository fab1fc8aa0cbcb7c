import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PORTFOLIO } from '../../features/content/data/portfolio';
import { usePageTitle } from '../../lib/use-page-title';

const cell = { textAlign: 'left', p: 1.5, borderBottom: 1, borderColor: 'divider', verticalAlign: 'top' } as const;

/** /blogs/myportfolio: a table of name, email address, education and skills (SPEC §2). Plain table: no MUI Table weight. */
export default function BlogPortfolioPage() {
  usePageTitle('My Portfolio');
  const { education } = PORTFOLIO;
  const rows: [string, React.ReactNode][] = [
    ['Name', PORTFOLIO.name],
    ['Email address', <a href={`mailto:${PORTFOLIO.email}`}>{PORTFOLIO.email}</a>],
    ['Education', `${education.degree}, ${education.school} (${education.years})`],
    ['Skills', PORTFOLIO.skills.map((s) => s.name).join(', ')],
  ];
  return (
    <Box component="section" aria-labelledby="blog-portfolio-heading">
      <Typography id="blog-portfolio-heading" variant="h4" component="h1" gutterBottom>
        My Portfolio
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', maxWidth: 800 }}>
          <caption style={{ textAlign: 'left', paddingBottom: 8 }}>About {PORTFOLIO.name}</caption>
          <tbody>
            {rows.map(([label, value]) => (
              <tr key={label}>
                <Box component="th" scope="row" sx={{ ...cell, width: '12rem' }}>
                  {label}
                </Box>
                <Box component="td" sx={cell}>
                  {value}
                </Box>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Box>
  );
}
