import { Suspense, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Widget } from '@mdis/shared';
import { widgetDefinition } from '../widgets/widgetRegistry';
import { widgetHeaderColors } from '../widgetColor';
import { WidgetErrorBoundary } from './WidgetErrorBoundary';

export interface WidgetCardProps {
  widget: Widget;
  editMode: boolean;
  /** An inactive widget shows its header only. */
  headerOnly?: boolean;
  /** The drag handle and the settings, duplicate and delete buttons (edit mode). */
  actions?: ReactNode;
  /** Opens the widget's settings (edit mode), handed to the widget for its empty state. */
  openSettings?: () => void;
}

export function WidgetCard({ widget, editMode, headerOnly, actions, openSettings }: WidgetCardProps) {
  const { component: View, label } = widgetDefinition(widget.type);
  const header = widgetHeaderColors(widget.color, widget.is_dark === 1);
  return (
    <Card
      component="section"
      aria-label={widget.title || label}
      data-widget-id={widget.id}
      data-widget-type={widget.type}
      sx={{ height: headerOnly ? undefined : '100%', display: 'flex', flexDirection: 'column' }}
    >
      <Box
        data-testid="widget-header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 2,
          py: 1,
          bgcolor: header.background,
          color: header.color,
        }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          {/* in edit mode four buttons share the header: the title wraps (hyphenated where a word must break) rather than being cut off */}
          <Typography
            variant="h6"
            component="h2"
            noWrap={!editMode}
            sx={{ overflowWrap: 'break-word', hyphens: 'auto' }}
          >
            {widget.title || label}
          </Typography>
          {widget.subtitle && (
            <Typography variant="body2" noWrap>
              {widget.subtitle}
            </Typography>
          )}
        </Box>
        {actions}
      </Box>
      {!headerOnly && (
        <CardContent sx={{ flexGrow: 1 }}>
          <WidgetErrorBoundary>
            <Suspense fallback={<LinearProgress aria-label={`loading ${widget.title || label}`} />}>
              <View widget={widget} editMode={editMode} openSettings={openSettings} />
            </Suspense>
          </WidgetErrorBoundary>
        </CardContent>
      )}
    </Card>
  );
}
