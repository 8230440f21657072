import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { DialogHeader } from '../../ui/DialogHeader';

export interface ImprintDialogProps {
  open: boolean;
  onClose: () => void;
}

export function ImprintDialog({ open, onClose }: ImprintDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="imprint-title" maxWidth="sm" fullWidth>
      <DialogHeader id="imprint-title" onClose={onClose}>
        Imprint
      </DialogHeader>
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
    </Dialog>
  );
}
