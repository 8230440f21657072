import { memo } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import {
  getIsRowSelected,
  getMRT_RowSelectionHandler,
  type MRT_Row,
  type MRT_TableInstance,
  type MRT_TableOptions,
} from 'material-react-table';
import type { FormRecord } from '../api/records.api';

// Lighter stand-ins for two parts of material-react-table that the trace of a 200-row page showed
// costly (bench:web --trace, issue 18 §2): the row checkbox and the progress bars.

const ROW_LABEL = 'Toggle select row';

interface RowCheckboxProps {
  row: MRT_Row<FormRecord>;
  staticRowIndex: number;
  table: MRT_TableInstance<FormRecord>;
  checked: boolean;
}

/**
 * The table's own row checkbox sits in a Tooltip (a Popper, slots and forked refs per row) and is
 * rendered again with every render of the table, a sort click included. This one is rendered only
 * when its row or its tick changes; a native title says what it does on hover.
 */
const RowCheckbox = memo(
  function RowCheckbox({ row, staticRowIndex, table, checked }: RowCheckboxProps) {
    const onChange = getMRT_RowSelectionHandler({ row, staticRowIndex, table });
    return (
      <Checkbox
        size="small"
        checked={checked}
        title={ROW_LABEL}
        slotProps={{ input: { 'aria-label': ROW_LABEL } }}
        onChange={(event) => {
          event.stopPropagation();
          onChange(event);
        }}
        // a tick is not a click on the row (which would make it the current record)
        onClick={(event) => {
          event.stopPropagation();
        }}
        sx={{ height: '1.75rem', width: '1.75rem', zIndex: 0 }}
      />
    );
  },
  (before, after) =>
    before.row === after.row && before.checked === after.checked && before.staticRowIndex === after.staticRowIndex,
);

/** The select column's cell: the light checkbox (the header keeps the table's select-all box). */
export const ROW_SELECT_COLUMN: MRT_TableOptions<FormRecord>['displayColumnDefOptions'] = {
  'mrt-row-select': {
    Cell: ({ row, staticRowIndex = 0, table }) => (
      <RowCheckbox
        row={row}
        staticRowIndex={staticRowIndex}
        table={table}
        checked={getIsRowSelected({ row, table }) === true}
      />
    ),
  },
};

/**
 * A progress bar over the table's top edge while the list loads. The table's own bars open in a
 * Collapse, which reads the page's layout (clientHeight) as it opens and closes: a forced layout
 * of the whole table twice per list call.
 */
export function TableProgress({ loading }: { loading: boolean }) {
  if (!loading) return null;
  return (
    <Box sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 3 }}>
      <LinearProgress aria-label="Loading" aria-busy="true" />
    </Box>
  );
}
