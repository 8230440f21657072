import Alert from '@mui/material/Alert';
import { STATUS_MESSAGES } from '@mdis/shared';

export function NotAllowedPage() {
  return <Alert severity="warning">{STATUS_MESSAGES.forbidden}</Alert>;
}
