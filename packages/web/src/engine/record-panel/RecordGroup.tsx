import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { FieldGroup } from './groupFields';

export interface RecordGroupProps {
  group: FieldGroup;
  renderField: (field: FieldGroup['fields'][number]) => ReactNode;
}

const WIDE_INPUTS = new Set(['textarea']);
const WIDE_CELL = { gridColumn: '1 / -1' } as const;

/** One group of fields: a titled card, or an untitled one for '-' groups and compact display. */
export function RecordGroup({ group, renderField }: RecordGroupProps) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={group.title ?? undefined}
      sx={{ p: 2, mb: 2 }}
      data-group={group.name}
    >
      {group.title && (
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1.5, fontWeight: 500 }}>
          {group.title}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 2 }}>
        {/* A plain div per cell: a styled Box would re-render a dozen components per field on every keystroke. */}
        {group.fields.map((field) => (
          <div key={field.name} style={WIDE_INPUTS.has(field.formInput.type) ? WIDE_CELL : undefined}>
            {renderField(field)}
          </div>
        ))}
      </Box>
    </Paper>
  );
}
