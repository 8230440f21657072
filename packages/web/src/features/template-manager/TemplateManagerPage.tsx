import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import { errorMessage } from '../../platform/api/ApiError';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeading } from '../../ui/PageHeading';
import { PageLoading } from '../../ui/PageLoading';
import { DeleteModelDialog } from './DeleteModelDialog';
import { DuplicateModelDialog } from './DuplicateModelDialog';
import { ModelCard } from './ModelCard';
import { CreateModelCard } from './model-editor/CreateModelCard';
import { TemplateUpload } from './TemplateUpload';
import { templateManagerApi, templateManagerKeys, type ModelSummary } from './templateManager.api';
import { useDownloadModel } from './useTemplateMutations';

export const ALL_MODULES = '';

/** Case-insensitive on the model name; the module choice narrows to one table set. */
export function filterModels(models: ModelSummary[], text: string, module: string): ModelSummary[] {
  const needle = text.trim().toLowerCase();
  return models.filter((m) => (module === ALL_MODULES || m.module === module) && m.name.toLowerCase().includes(needle));
}

function Filters(props: {
  modules: string[];
  text: string;
  module: string;
  onText: (text: string) => void;
  onModule: (module: string) => void;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ flexGrow: 1 }}>
      <TextField
        label="Filter by name"
        size="small"
        value={props.text}
        onChange={(e) => props.onText(e.target.value)}
      />
      <TextField
        select
        label="Module"
        size="small"
        sx={{ minWidth: 200 }}
        value={props.module}
        onChange={(e) => props.onModule(e.target.value)}
      >
        <MenuItem value={ALL_MODULES}>All modules</MenuItem>
        {props.modules.map((m) => (
          <MenuItem key={m} value={m}>
            {m}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

/** A search that finds nothing says so and offers to show every model again. */
function NoModelsMatch({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      title="No model templates match."
      action={
        <Button variant="outlined" onClick={onClear}>
          Clear the filter
        </Button>
      }
    >
      No model's name contains the text in this module: clear the filter to see every model, or create one.
    </EmptyState>
  );
}

/** The template manager's main page (spec 3 §2): one card per model template. */
export function TemplateManagerPage() {
  const summary = useQuery({ queryKey: templateManagerKeys.summary(), queryFn: templateManagerApi.summary });
  const { warn } = useNotifications();
  const [text, setText] = useState('');
  const [module, setModule] = useState(ALL_MODULES);
  const [duplicating, setDuplicating] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const download = useDownloadModel();
  useEffect(() => {
    if (summary.isError) warn(errorMessage(summary.error));
  }, [summary.isError, summary.error, warn]);
  const models = useMemo(() => filterModels(summary.data?.models ?? [], text, module), [summary.data, text, module]);

  return (
    <>
      <PageHeading title="Template Manager" />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: 'flex-start' }}>
        <Filters
          modules={summary.data?.modules ?? []}
          text={text}
          module={module}
          onText={setText}
          onModule={setModule}
        />
        <CreateModelCard modules={summary.data?.modules ?? []} preferred={module} />
        <TemplateUpload />
      </Stack>
      {summary.isPending ? (
        <PageLoading />
      ) : models.length === 0 ? (
        <NoModelsMatch
          onClear={() => {
            setText('');
            setModule(ALL_MODULES);
          }}
        />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
          {models.map((model) => (
            <ModelCard
              key={model.fullName}
              model={model}
              onDownload={() => void download(model.fullName)}
              onDuplicate={() => setDuplicating(model.fullName)}
              onDelete={() => setDeleting(model.fullName)}
            />
          ))}
        </Box>
      )}
      {duplicating && <DuplicateModelDialog modelName={duplicating} onClose={() => setDuplicating(null)} />}
      {deleting && (
        <DeleteModelDialog modelName={deleting} models={summary.data?.models ?? []} onClose={() => setDeleting(null)} />
      )}
    </>
  );
}
