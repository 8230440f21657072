import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';

export interface ImprintDialogProps {
  open: boolean;
  onClose: () => void;
}

export function ImprintDialog({ open, onClose }: ImprintDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="imprint-title" maxWidth="sm" fullWidth>
      <DialogTitle id="imprint-title">Imprint</DialogTitle>
      <DialogContent>
        <Typography gutterBottom>
          This service is provided by the GFZ Helmholtz Centre for Geosciences, Telegrafenberg, 14473 Potsdam, Germany,
          acting for the International Continental Scientific Drilling Program (ICDP).
        </Typography>
        <Typography gutterBottom>
          The GFZ is a foundation under public law of the State of Brandenburg, represented by its Executive Board.
        </Typography>
        <Typography>
          ICDP:{' '}
          <Link href="https://www.icdp-online.org/" target="_blank" rel="noopener noreferrer">
            www.icdp-online.org
          </Link>
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
