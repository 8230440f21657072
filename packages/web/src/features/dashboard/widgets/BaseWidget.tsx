import Typography from '@mui/material/Typography';
import type { WidgetProps } from './widgetTypes';

/** A widget of a type this client does not know: its frame and settings still work. */
export function BaseWidget({ widget }: WidgetProps) {
  return (
    <Typography variant="body2" color="text.secondary">
      {widget.type} has no view in this version.
    </Typography>
  );
}
