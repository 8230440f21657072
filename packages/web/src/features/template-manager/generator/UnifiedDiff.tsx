import Box from '@mui/material/Box';
import type { Theme } from '@mui/material/styles';

type LineKind = 'header' | 'hunk' | 'added' | 'removed' | 'context';

function kindOf(line: string): LineKind {
  if (line.startsWith('--- ') || line.startsWith('+++ ')) return 'header';
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('+')) return 'added';
  if (line.startsWith('-')) return 'removed';
  return 'context';
}

const STYLE: Record<LineKind, (theme: Theme) => object> = {
  header: () => ({ fontWeight: 'bold' }),
  hunk: (theme) => ({ color: theme.palette.info.main, bgcolor: theme.palette.action.hover }),
  added: (theme) => ({ bgcolor: theme.palette.mode === 'dark' ? '#12361f' : '#e6ffec' }),
  removed: (theme) => ({ bgcolor: theme.palette.mode === 'dark' ? '#4a1c1c' : '#ffebe9' }),
  context: () => ({}),
};

/**
 * The server's unified diff (`--- / +++` headers, `@@` hunks, `+`/`-`/` ` lines), one coloured row
 * per line. The diff endpoint answers this text, not the two files, so a side-by-side viewer would
 * need a second call and a 72 KiB worker for nothing more than colours.
 */
export function UnifiedDiff({ text }: { text: string }) {
  const lines = text.replace(/\n$/, '').split('\n');
  return (
    <Box
      component="pre"
      aria-label="diff"
      sx={{ m: 0, fontFamily: 'monospace', fontSize: 13, overflowX: 'auto', whiteSpace: 'pre' }}
    >
      {lines.map((line, index) => (
        <Box component="div" key={index} data-kind={kindOf(line)} sx={STYLE[kindOf(line)]}>
          {line === '' ? ' ' : line}
        </Box>
      ))}
    </Box>
  );
}
