import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import MuiTheme from '../../../lib/mui-theme';
import { COMPANY } from '../data/company';

export interface ContactDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  intro: string;
  /** mailto: link with a subject that says what the email is about. */
  mailto: string;
  actionLabel: string;
}

/** Contact details for Contact Supplier / Book a Factory Tour. Lazy-loaded: the Dialog is not home-page weight. */
export default function ContactDialog({ open, onClose, title, intro, mailto, actionLabel }: ContactDialogProps) {
  return (
    <MuiTheme>
    <Dialog open={open} onClose={onClose} aria-labelledby="contact-dialog-title" fullWidth maxWidth="xs">
      <DialogTitle id="contact-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <Typography gutterBottom>{intro}</Typography>
        <Typography>
          Email: <Link href={`mailto:${COMPANY.email}`}>{COMPANY.email}</Link>
        </Typography>
        <Typography>
          Phone: <Link href={`tel:${COMPANY.phone.replace(/[^+\d]/g, '')}`}>{COMPANY.phone}</Link>
        </Typography>
        <Typography sx={{ mt: 1 }} color="text.secondary">
          {COMPANY.address}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" href={mailto}>
          {actionLabel}
        </Button>
      </DialogActions>
    </Dialog>
    </MuiTheme>
  );
}
