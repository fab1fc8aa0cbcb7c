import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatDollars } from '@fridgeparts/common/money';
import type { Tool } from '@fridgeparts/common/tool';

/** A tool on the home page and in the catalogue: image, name, short description, price, stock. */
export function ToolCard({ tool, eager = false }: { tool: Tool; eager?: boolean }) {
  return (
    <Card component="article" variant="outlined" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }} aria-labelledby={`tool-${tool._id}`}>
      <img
        src={tool.image}
        alt={tool.name}
        width={600}
        height={450}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        style={{ width: '100%', height: 'auto', aspectRatio: '4 / 3', objectFit: 'cover', background: '#eef4f8' }}
      />
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography id={`tool-${tool._id}`} variant="h6" component="h3" gutterBottom>
          {tool.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
          {tool.description}
        </Typography>
        <Typography variant="h6" component="p" color="primary" sx={{ mt: 1.5 }}>
          {formatDollars(tool.price)} <Typography component="span" variant="body2" color="text.secondary">per unit</Typography>
        </Typography>
        <Typography variant="body2">Minimum order: {tool.minimumQuantity}</Typography>
        <Typography variant="body2">Available: {tool.availableQuantity}</Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={RouterLink} to={`/purchaseorder/${encodeURIComponent(tool._id)}`} variant="contained" fullWidth aria-label={`Purchase Now: ${tool.name}`}>
          Purchase Now
        </Button>
      </CardActions>
    </Card>
  );
}
