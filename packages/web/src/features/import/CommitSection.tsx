import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import PublishIcon from '@mui/icons-material/Publish';
import UndoIcon from '@mui/icons-material/Undo';
import { importProgressText } from '@mdis/shared';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { ImportPhase } from './importScreenReducer';
import type { ImportProgress, ImportResult } from './importTypes';

export interface CommitSectionProps {
  phase: ImportPhase;
  /** Why Commit is not offered yet; null: it is. */
  blockedBy: string | null;
  rows: number;
  progress: ImportProgress | null;
  result: ImportResult | null;
  removed: number | null;
  /** Where the imported records are listed (the form with the batch's filter). */
  recordsPath: string | null;
  onCommit: () => void;
  onUndo: () => void;
  onAgain: () => void;
}

const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

function ProgressBar({ progress }: { progress: ImportProgress | null }) {
  // After the rows (removing them, building indexes) the bar only says that work goes on.
  const percent =
    progress && progress.total > 0 && !progress.step ? Math.round((progress.done / progress.total) * 100) : null;
  return (
    <Box>
      <LinearProgress
        aria-label="Import progress"
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? undefined}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {progress ? importProgressText(progress) : 'Starting the import…'}
      </Typography>
    </Box>
  );
}

/** Step 4: write every row or none, follow the progress, then open or undo what was imported. */
export function CommitSection(props: CommitSectionProps) {
  const { phase, blockedBy, rows, progress, result, removed, recordsPath } = props;
  const [confirming, setConfirming] = useState(false);
  if (phase === 'committing') return <ProgressBar progress={progress} />;
  if ((phase === 'committed' || phase === 'undoing' || phase === 'undone') && result) {
    const { counts } = result;
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {phase === 'undone' ? (
          <Alert severity="info">{`Import undone: ${plural(removed ?? 0, 'record')} removed.`}</Alert>
        ) : (
          <Alert severity="success">
            {`Imported ${plural(counts.new + counts.updated, 'record')}: ${String(counts.new)} new, ${String(counts.updated)} updated, ${String(counts.unchanged)} unchanged.`}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          {phase !== 'undone' && recordsPath && (
            <Link component={RouterLink} to={recordsPath} sx={{ mr: 1 }}>
              Show the imported records
            </Link>
          )}
          {phase !== 'undone' && (
            <Button
              color="warning"
              startIcon={<UndoIcon />}
              disabled={phase === 'undoing'}
              onClick={() => setConfirming(true)}
            >
              Undo import
            </Button>
          )}
          <Button onClick={props.onAgain}>Import another file</Button>
        </Box>
        <ConfirmDialog
          open={confirming}
          title="Undo import"
          message={`Undo this import as a whole? The ${plural(counts.new, 'record')} it created are removed; the server refuses while other records point at them.`}
          confirmLabel="Undo import"
          onConfirm={() => {
            setConfirming(false);
            props.onUndo();
          }}
          onCancel={() => setConfirming(false)}
        />
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <Button
        variant="contained"
        startIcon={<PublishIcon />}
        disabled={blockedBy !== null || phase !== 'choosing'}
        onClick={props.onCommit}
      >
        {`Commit ${plural(rows, 'row')}`}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {blockedBy ?? 'All rows are written, or none: a failing row stops the whole import.'}
      </Typography>
    </Box>
  );
}
