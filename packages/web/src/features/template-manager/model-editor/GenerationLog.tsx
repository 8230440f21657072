import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A message per step of Save & Generate (spec 3 §4): save, table, generation. */
export function GenerationLog({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <Paper component="section" aria-labelledby="generation-log-title" sx={{ p: 2 }}>
      <Typography id="generation-log-title" variant="h6" component="h2">
        Generation log
      </Typography>
      <List dense aria-label="generation log" aria-live="polite">
        {lines.map((line, i) => (
          // lines only ever get appended: the position is their identity
          <ListItem key={`${String(i)}-${line}`} disableGutters>
            <ListItemText primary={line} />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
