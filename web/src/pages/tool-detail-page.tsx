import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { formatDollars } from '@fridgeparts/common/money';
import { useTool } from '../features/catalog/api/use-tools';
// Booking slot: the modal belongs to the booking feature (issue 4); this page only places its button.
import { BookOrderButton } from '../features/booking/components/book-order-button';
import { usePageTitle } from '../lib/use-page-title';
import { PriceTable } from '../features/catalog/components/price-table';
import { ReviewList } from '../features/reviews/components/review-list';

const layout = { display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' } as const;

/** /purchaseorder/{id} (SPEC §2): image, name, description, price, minimum and available quantity, Book Order. */
export default function ToolDetailPage() {
  const { id } = useParams();
  const { data: tool, error, loading, refresh } = useTool(id);
  usePageTitle(tool ? tool.name : tool === null ? 'Tool not found' : 'Tool');

  if (error && tool === undefined) {
    return (
      <Container sx={{ py: 6 }}>
        <Alert severity="error" action={<Button onClick={refresh}>Try again</Button>}>
          This tool could not be loaded. {error.message}
        </Alert>
      </Container>
    );
  }

  if (tool === null) {
    return (
      <Container maxWidth="sm" sx={{ py: 8, textAlign: 'center' }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Tool not found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          We could not find this tool. It may have been removed from the catalogue, or the link may be mistyped.
        </Typography>
        <Button component={RouterLink} to="/purchaseorder" variant="contained">
          Browse all tools
        </Button>
      </Container>
    );
  }

  if (loading || !tool) {
    return (
      <Container sx={{ py: 6 }} aria-busy="true" aria-label="Loading the tool">
        <Box sx={layout}>
          <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '4 / 3' }} />
          <Box>
            <Skeleton variant="text" sx={{ fontSize: '2.5rem' }} />
            <Skeleton variant="text" />
            <Skeleton variant="text" />
            <Skeleton variant="text" width="40%" />
          </Box>
        </Box>
      </Container>
    );
  }

  return (
    <Container sx={{ py: { xs: 3, md: 4 } }}>
      {/* A buyer comparing parts goes back and forth: the way back to the list is always on the page. */}
      <Link component={RouterLink} to="/purchaseorder" sx={{ display: 'inline-block', mb: { xs: 2, md: 3 } }}>
        <span aria-hidden="true">← </span>
        All tools
      </Link>
      <Box component="article" sx={layout} aria-labelledby="tool-name">
        <img
          src={tool.image}
          alt={tool.name}
          width={800}
          height={600}
          fetchPriority="high"
          style={{ width: '100%', height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover', borderRadius: 8, background: '#eef4f8', display: 'block' }}
        />
        <Box>
          <Typography id="tool-name" variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: '1.75rem', md: '2.125rem' }, overflowWrap: 'anywhere' }}>
            {tool.name}
          </Typography>
          <Typography sx={{ mb: 2, whiteSpace: 'pre-line' }}>{tool.description}</Typography>
          <Typography variant="h5" component="p" color="primary" data-testid="tool-price">
            {formatDollars(tool.price)}{' '}
            <Typography component="span" variant="body1" color="text.secondary">
              per unit
            </Typography>
          </Typography>
          <PriceTable tool={tool} />
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, my: 2 }}>
            {tool.partNumber && (
              <>
                <Typography component="dt" sx={{ fontWeight: 700 }}>
                  Part number
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace' }} data-testid="tool-part-number">
                  {tool.partNumber}
                </Typography>
              </>
            )}
            {tool.packSize > 1 && (
              <>
                <Typography component="dt" sx={{ fontWeight: 700 }}>
                  Pack size
                </Typography>
                <Typography component="dd" sx={{ m: 0 }} data-testid="tool-pack-size">
                  Sold in packs of {tool.packSize}
                </Typography>
              </>
            )}
            <Typography component="dt" sx={{ fontWeight: 700 }}>
              Minimum quantity
            </Typography>
            <Typography component="dd" sx={{ m: 0 }} data-testid="tool-minimum">
              {tool.minimumQuantity}
            </Typography>
            <Typography component="dt" sx={{ fontWeight: 700 }}>
              Available quantity
            </Typography>
            <Typography component="dd" sx={{ m: 0 }} data-testid="tool-available">
              {tool.availableQuantity}
            </Typography>
          </Box>
          {/* On phones the button stays in reach at the bottom of the screen while reading (issue 9). */}
          <Box sx={{ position: { xs: 'sticky', md: 'static' }, bottom: 0, zIndex: 1, bgcolor: 'background.default', py: { xs: 1.5, md: 0 } }}>
            <BookOrderButton tool={tool} onBooked={refresh} />
          </Box>
        </Box>
      </Box>
      <Box component="section" aria-labelledby="tool-reviews" sx={{ mt: 5, maxWidth: 820 }}>
        <Typography id="tool-reviews" variant="h5" component="h2" gutterBottom>
          Reviews of this tool
        </Typography>
        <ReviewList toolId={tool._id} />
      </Box>
    </Container>
  );
}
