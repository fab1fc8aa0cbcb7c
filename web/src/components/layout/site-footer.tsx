import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

/** Footer (SPEC §2). Filled with the company's links by the storefront issue. */
export function SiteFooter() {
  return (
    <Box component="footer" sx={{ bgcolor: '#0a2233', color: 'grey.300', py: 4, mt: 6 }}>
      <Container>
        <Typography variant="body2">© {new Date().getFullYear()} FridgeParts Manufacturing Co.</Typography>
      </Container>
    </Box>
  );
}
