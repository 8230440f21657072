import { useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { PlannedFile } from '../templateManager.api';
import { failureText } from '../useTemplateMutations';
import { FileTextDialog } from './FileTextDialog';
import { GeneratorFileTable } from './GeneratorFileTable';
import type { FileView } from './useCodeGenerator';
import { PLAN_FAILED, useGeneratorFlow } from './useGeneratorFlow';

/** Spec 3 §9: the file table dialog is 600 wide (the content and diff views 760 and 920). */
export const GENERATOR_DIALOG_WIDTH = 600;

export interface CodeGeneratorDialogProps {
  open: boolean;
  /** 'dis-model' for a model (full name, e.g. CurationBox), 'dis-form' for a form (kebab-case name). */
  generatorId: 'dis-model' | 'dis-form';
  templateName: string;
  /**
   * Save & Generate: preview, and when no file would be overwritten generate every file at once;
   * otherwise stop and wait for the user's choice of files.
   */
  autoGenerate?: boolean;
  /** A line per step for the editor's generation log. */
  onLog?: (message: string) => void;
  /** After files were written (the results alert is shown by the dialog). */
  onGenerated?: () => void;
  onClose: () => void;
}

/**
 * The code generator (spec 3 §§2, 4): which files the template produces and what writing each
 * would do, their content and diff, the choice of files, and the results of writing them.
 */
export function CodeGeneratorDialog(props: CodeGeneratorDialogProps) {
  const { open, onClose, templateName } = props;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="code-generator-title"
      maxWidth={false}
      slotProps={{ paper: { sx: { width: GENERATOR_DIALOG_WIDTH, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id="code-generator-title">Code generator: {templateName}</DialogTitle>
      {/* Mounted per opening: each opening asks the server afresh. */}
      {open && <GeneratorContent {...props} />}
    </Dialog>
  );
}

function GeneratorContent(props: CodeGeneratorDialogProps) {
  const { generatorId, templateName, onClose } = props;
  const flow = useGeneratorFlow(props);
  const { plan, generate } = flow;
  const [viewing, setViewing] = useState<{ file: PlannedFile; view: FileView } | null>(null);
  return (
    <>
      <DialogContent dividers>
        {plan.isPending && <CircularProgress size={24} aria-label="loading the files" />}
        {plan.isError && (
          <Alert severity="warning" sx={{ whiteSpace: 'pre-line' }}>
            {failureText(plan.error, PLAN_FAILED)}
          </Alert>
        )}
        {flow.waiting && (
          <Alert severity="info" sx={{ mb: 1 }}>
            Some files would be overwritten: choose the files to write, then Generate.
          </Alert>
        )}
        {generate.data && (
          <Alert severity={generate.data.hasError ? 'error' : 'success'} sx={{ mb: 1 }}>
            <AlertTitle>{generate.data.hasError ? 'Generation failed' : 'Files generated'}</AlertTitle>
            <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{generate.data.results}</pre>
          </Alert>
        )}
        {plan.data && (
          <GeneratorFileTable
            files={flow.files}
            isChecked={flow.isChecked}
            onToggle={flow.toggle}
            onOpen={(file, view) => setViewing({ file, view })}
            disabled={generate.isPending}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button
          variant="contained"
          disabled={!flow.files.some(flow.isChecked) || generate.isPending}
          onClick={flow.generateChosen}
        >
          Generate
        </Button>
      </DialogActions>
      {viewing && (
        <FileTextDialog
          generatorId={generatorId}
          templateName={templateName}
          file={viewing.file}
          view={viewing.view}
          onClose={() => setViewing(null)}
        />
      )}
    </>
  );
}
