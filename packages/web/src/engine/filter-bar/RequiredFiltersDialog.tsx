import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export const REQUIRED_FILTERS_TITLE = 'Please fill out the filter bar';
export const REQUIRED_FILTERS_TEXT =
  'Please specify items in the filter bar. It is located at the top of the page. Select items from left to right. For editing, all pulldowns must be specified.';

export function RequiredFiltersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="required-filters-title">
      <DialogTitle id="required-filters-title">{REQUIRED_FILTERS_TITLE}</DialogTitle>
      <DialogContent>
        <DialogContentText>{REQUIRED_FILTERS_TEXT}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
