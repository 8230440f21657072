import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ColumnTemplate } from '@mdis/shared';
import type { ValueFilterField } from './FilterByValueDialog';
import { valueFilterChips } from './valueFilterChips';

export interface ValueFilterChipsProps {
  fields: ValueFilterField[];
  columns: Readonly<Record<string, ColumnTemplate>> | undefined;
  value: Record<string, string>;
  onChange: (next: Record<string, string>) => void;
}

/** The active filter-by-value expressions as chips (removable), with a hint under one that cannot apply. */
export function ValueFilterChips({ fields, columns, value, onChange }: ValueFilterChipsProps) {
  const labels = useMemo(() => Object.fromEntries(fields.map((f) => [f.name, f.label])), [fields]);
  const chips = useMemo(() => valueFilterChips(value, labels, columns), [value, labels, columns]);
  if (chips.length === 0) return null;
  const problems = chips.flatMap((chip) => (chip.problem ? [chip.problem] : []));
  return (
    <Box role="group" aria-label="Active filters by value" sx={{ mt: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {chips.map((chip) => (
          <Chip
            key={chip.column}
            size="small"
            label={chip.text}
            color={chip.problem ? 'warning' : 'default'}
            onDelete={() => {
              const { [chip.column]: _removed, ...rest } = value;
              onChange(rest);
            }}
          />
        ))}
      </Box>
      {problems.map((problem) => (
        <Typography key={problem} role="note" variant="caption" color="warning.main" component="p">
          {problem}
        </Typography>
      ))}
    </Box>
  );
}
