import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PreviewIcon from '@mui/icons-material/Preview';
import { formLabelOf } from '@mdis/shared';
import { recordKeys, recordsApi } from '../../engine/api/records.api';
import { isApiError } from '../../platform/api/ApiError';
import { NotFoundPage } from '../../ui/NotFoundPage';
import { PageHeading } from '../../ui/PageHeading';
import { PageLoading } from '../../ui/PageLoading';
import { CommitSection } from './CommitSection';
import { ImportFileSection } from './ImportFileSection';
import { ImportProblemAlert } from './ImportProblemAlert';
import { MappingTable } from './MappingTable';
import { ImportCountTiles, RowErrorsTable } from './PreviewSummary';
import { formNameOfImportKey, importedRecordsPath } from './importRoute';
import type { ImportScreenState } from './importScreenReducer';
import { useImportScreen } from './useImportScreen';

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

interface PreviewButtonProps {
  previewing: boolean;
  stale: boolean;
  disabled: boolean;
  onPreview: () => void;
}

function PreviewButton({ previewing, stale, disabled, onPreview }: PreviewButtonProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Button
        variant={stale ? 'contained' : 'outlined'}
        startIcon={previewing ? <CircularProgress size={18} aria-hidden /> : <PreviewIcon />}
        disabled={disabled}
        onClick={onPreview}
      >
        {previewing ? 'Previewing…' : 'Preview'}
      </Button>
      {stale && (
        <Typography variant="body2" color="warning.main" role="status">
          Your changes are not in the preview yet.
        </Typography>
      )}
    </Box>
  );
}

/** Why Commit waits, or null when the preview shown is the one that will be written. */
function commitBlockedBy(state: ImportScreenState): string | null {
  if (!state.preview) return 'Preview the file first.';
  if (state.stale) return 'The mapping or mode changed: preview again before committing.';
  if (state.preview.counts.errors > 0) return 'Correct the rows with errors (or the mapping), then preview again.';
  if (state.preview.counts.total === 0) return 'The file has no rows.';
  return null;
}

/** `/forms/{form}-form/import`: a CSV, XLSX or JSON file into the form, previewed before anything is written. */
export function ImportPage() {
  const { formKey = '' } = useParams();
  const formName = formNameOfImportKey(formKey);
  const template = useQuery({
    queryKey: recordKeys.formTemplate(formName),
    queryFn: () => recordsApi.formTemplate(formName),
    retry: false,
  });
  if (template.isError) {
    if (isApiError(template.error) && template.error.status === 404) return <NotFoundPage />;
    return <Alert severity="warning">{template.error.message}</Alert>;
  }
  if (!template.data) return <PageLoading />;
  return <ImportScreen formName={formName} label={formLabelOf(template.data)} />;
}

function ImportScreen({ formName, label }: { formName: string; label: string }) {
  const screen = useImportScreen(formName);
  const { state } = screen;
  const { preview, phase, problem } = state;
  const busy = phase !== 'choosing';
  const previewing = phase === 'previewing';
  const failedRows = problem?.rows;
  const shownCounts = failedRows?.counts ?? preview?.counts;
  const shownErrors = failedRows?.errors ?? preview?.errors ?? [];
  const finished = phase === 'committed' || phase === 'undoing' || phase === 'undone';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1100 }}>
      <PageHeading title={`Import into ${label}`} />
      {problem && !failedRows && <ImportProblemAlert problem={problem} undoing={state.result !== null} />}
      {!finished && (
        <Step title="1. File">
          <ImportFileSection
            file={state.file}
            sheets={preview?.sheets ?? []}
            sheet={state.sheet ?? preview?.sheet ?? null}
            mode={state.mode}
            disabled={busy}
            onFile={screen.chooseFile}
            onSheet={screen.chooseSheet}
            onMode={screen.chooseMode}
          />
        </Step>
      )}
      {!finished && preview && (
        <Step title="2. Mapping">
          <MappingTable
            mapping={preview.mapping}
            columns={preview.columns}
            overrides={state.overrides}
            autoMatched={state.autoMatched}
            disabled={busy}
            onMap={screen.map}
          />
        </Step>
      )}
      {state.file && !finished && (
        <PreviewButton previewing={previewing} stale={state.stale} disabled={busy} onPreview={screen.preview} />
      )}
      {shownCounts && (
        <Step title={failedRows ? '3. Preview: the commit was refused' : '3. Preview'}>
          {problem?.rows && <ImportProblemAlert problem={problem} undoing={false} />}
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: failedRows ? 2 : 0 }}>
            <ImportCountTiles counts={shownCounts} />
            {shownCounts.errors > 0 ? (
              <RowErrorsTable
                counts={shownCounts}
                errors={shownErrors}
                columns={preview?.columns ?? []}
                onDownload={screen.downloadFailingRows}
              />
            ) : (
              !finished && <Typography>No errors: every row can be written.</Typography>
            )}
          </Box>
        </Step>
      )}
      {preview && (
        <Step title="4. Commit">
          <CommitSection
            phase={phase}
            blockedBy={commitBlockedBy(state)}
            rows={preview.counts.total}
            progress={state.progress}
            result={state.result}
            removed={state.removed}
            recordsPath={state.result ? importedRecordsPath(formName, state.result.filter) : null}
            onCommit={screen.commit}
            onUndo={screen.undo}
            onAgain={screen.again}
          />
        </Step>
      )}
    </Box>
  );
}
