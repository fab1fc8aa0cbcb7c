import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { FOOTER, type FooterLink, type SocialNetwork } from '../../features/content/data/footer';

const ICONS: Record<SocialNetwork, string> = {
  linkedin:
    'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9h4v12H3zM9 9h3.8v1.7h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.6c0-1.3 0-3-1.9-3s-2.1 1.4-2.1 2.9V21H9z',
  youtube:
    'M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12 31 31 0 0 0 1 16.8a3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8zM9.7 15V9l5.8 3z',
  facebook: 'M14 8V6c0-.9.2-1.4 1.6-1.4H18V1.2C17.6 1.1 16.3 1 14.8 1 11.6 1 10 2.9 10 6v2H7v3.6h3V23h4V11.6h3.3L18 8z',
};

const linkSx = { color: 'grey.300', '&:hover': { color: 'common.white' } } as const;

/** In-app paths go through the router; mailto: and https links are plain anchors. */
function FooterAnchor({ link }: { link: FooterLink }) {
  return link.href.startsWith('/') ? (
    <Link component={RouterLink} to={link.href} sx={linkSx}>
      {link.label}
    </Link>
  ) : (
    <Link href={link.href} sx={linkSx}>
      {link.label}
    </Link>
  );
}

function Column({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="nav" aria-label={title}>
      <Typography component="h2" variant="subtitle1" sx={{ color: 'common.white', fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
        {children}
      </Box>
    </Box>
  );
}

/** Footer (SPEC §2): company name, services, company links, legal links and three social links. */
export function SiteFooter() {
  return (
    <Box component="footer" sx={{ bgcolor: '#0a2233', color: 'grey.300', py: 5, mt: 6 }}>
      <Container>
        <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr 1fr' } }}>
          <Box>
            <Typography component="p" variant="h6" sx={{ color: 'common.white', fontWeight: 700 }}>
              {FOOTER.companyName}
            </Typography>
            <Typography variant="body2" sx={{ mt: 1, maxWidth: 360 }}>
              {FOOTER.blurb}
            </Typography>
            <Box component="ul" aria-label="Follow us" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, display: 'flex', gap: 1.5 }}>
              {FOOTER.social.map((s) => (
                <li key={s.network}>
                  <Link href={s.href} aria-label={s.ariaLabel} target="_blank" rel="noopener noreferrer" sx={{ ...linkSx, display: 'inline-flex', p: 0.5 }}>
                    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
                      <path d={ICONS[s.network]} />
                    </svg>
                  </Link>
                </li>
              ))}
            </Box>
          </Box>
          <Box>
            <Typography component="h2" variant="subtitle1" sx={{ color: 'common.white', fontWeight: 700, mb: 1 }}>
              Services
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
              {FOOTER.services.map((s) => (
                <Typography key={s} component="li" variant="body2">
                  {s}
                </Typography>
              ))}
            </Box>
          </Box>
          <Column title="Company">
            {FOOTER.company.map((l) => (
              <Typography key={l.href} component="li" variant="body2">
                <FooterAnchor link={l} />
              </Typography>
            ))}
          </Column>
          <Column title="Legal">
            {FOOTER.legal.map((l) => (
              <Typography key={l.href} component="li" variant="body2">
                <FooterAnchor link={l} />
              </Typography>
            ))}
          </Column>
        </Box>
        <Typography variant="body2" sx={{ mt: 4, pt: 2, borderTop: 1, borderColor: 'rgba(255,255,255,0.15)' }}>
          © {new Date().getFullYear()} {FOOTER.companyName}. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
