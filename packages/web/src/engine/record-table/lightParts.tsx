import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';

// A lighter stand-in for a part of material-react-table that the trace of a 200-row page showed
// costly (bench:web --trace, issue 18 §2): the progress bars. (The rows, with their tick boxes,
// are RecordRows.)

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
