import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { ToolCatalog } from '../features/catalog/components/tool-catalog';
import { usePageTitle } from '../lib/use-page-title';

/** /purchaseorder: the whole catalogue (the spec leaves this page open; see issue 3). */
export default function CatalogPage() {
  usePageTitle('All tools');
  return (
    <Container sx={{ py: 4 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        All tools
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Every part and tool in our catalogue. Search by part number, name or description, or sort by date or price.
      </Typography>
      <ToolCatalog />
    </Container>
  );
}
