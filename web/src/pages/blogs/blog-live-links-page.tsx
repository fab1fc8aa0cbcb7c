import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { LiveLinkList } from '../../features/content/components/live-link-list';
import { usePageTitle } from '../../lib/use-page-title';

/** /blogs/livelink: three live website links (SPEC §2). */
export default function BlogLiveLinksPage() {
  usePageTitle('Live Links');
  return (
    <Box component="section" aria-labelledby="live-links-heading">
      <Typography id="live-links-heading" variant="h4" component="h1" gutterBottom>
        Live Links
      </Typography>
      <LiveLinkList />
    </Box>
  );
}
