import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { GeneratorId, PlannedFile } from '../templateManager.api';
import { failureText } from '../useTemplateMutations';
import { UnifiedDiff } from './UnifiedDiff';
import { useGeneratorFile, type FileView } from './useCodeGenerator';

/** Spec 3 §9: the content view is 760 wide, the diff view 920. */
export const FILE_VIEW_WIDTH: Record<FileView, number> = { content: 760, diff: 920 };

interface FileTextDialogProps {
  generatorId: GeneratorId;
  templateName: string;
  file: PlannedFile;
  view: FileView;
  onClose: () => void;
}

/** The generated content of one file, or the diff an overwrite would make. */
export function FileTextDialog({ generatorId, templateName, file, view, onClose }: FileTextDialogProps) {
  const text = useGeneratorFile(generatorId, templateName, view, file);
  const title = view === 'diff' ? `diff: ${file.path}` : `Content: ${file.path}`;
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby="generator-file-title"
      maxWidth={false}
      slotProps={{ paper: { sx: { width: FILE_VIEW_WIDTH[view], maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id="generator-file-title" sx={{ wordBreak: 'break-all' }}>
        {title}
      </DialogTitle>
      <DialogContent dividers>
        {text.isPending && <CircularProgress size={24} aria-label="loading" />}
        {text.isError && (
          <Alert severity="warning" sx={{ whiteSpace: 'pre-line' }}>
            {failureText(text.error, `cannot load ${file.path}`)}
          </Alert>
        )}
        {text.isSuccess &&
          (view === 'diff' && text.data !== 'Identical' ? (
            <UnifiedDiff text={text.data} />
          ) : (
            <Box
              component="pre"
              aria-label={view === 'diff' ? 'diff' : 'content'}
              sx={{ m: 0, fontFamily: 'monospace', fontSize: 13, overflowX: 'auto' }}
            >
              {text.data}
            </Box>
          ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
