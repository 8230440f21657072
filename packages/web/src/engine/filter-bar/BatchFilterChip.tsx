import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { batchOf, withoutBatch, type FilterSelection } from './filterCascade';

export interface BatchFilterChipProps {
  selection: FilterSelection;
  onChange: (next: FilterSelection) => void;
  disabled?: boolean;
}

/** The records of one import (`batch:<id>` in the route's filter), shown and removable like a filter. */
export function BatchFilterChip({ selection, onChange, disabled = false }: BatchFilterChipProps) {
  const batch = batchOf(selection);
  if (batch === undefined) return null;
  return (
    <Box role="group" aria-label="Active import filter" sx={{ mt: 1 }}>
      <Chip
        size="small"
        color="primary"
        variant="outlined"
        // the first block of the id tells batches apart; the whole id is in the URL
        label={`Imported in batch ${batch.slice(0, 8)}`}
        title={`Only the records imported in batch ${batch}`}
        disabled={disabled}
        onDelete={() => {
          onChange(withoutBatch(selection));
        }}
      />
    </Box>
  );
}
