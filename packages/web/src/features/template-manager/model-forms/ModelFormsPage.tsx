import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { errorMessage } from '../../../platform/api/ApiError';
import { useNotifications } from '../../../platform/notifications/NotificationsContext';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { PageHeading } from '../../../ui/PageHeading';
import { PageLoading } from '../../../ui/PageLoading';
import { CodeGeneratorDialog } from '../generator/CodeGeneratorDialog';
import { templateManagerApi, templateManagerKeys } from '../templateManager.api';
import { formEditPathOf, formsPathOf, TEMPLATES_PATH } from './formPaths';
import { FormNameDialogs, type NameDialog } from './FormNameDialogs';
import { FormTile } from './FormTile';
import { useDeleteForm, useDownloadForm } from './useFormMutations';
import { EmptyState } from '../../../ui/EmptyState';
import { PROTECTED_MODEL } from '@mdis/shared';

/** Back to the main page, and 'New form' (not for ArchiveFile). */
function ModelFormsActions({ newPath, canCreate }: { newPath: string; canCreate: boolean }) {
  return (
    <Stack direction="row" spacing={1}>
      <Button component={RouterLink} to={TEMPLATES_PATH} startIcon={<ArrowBackIcon />}>
        Back to the template manager
      </Button>
      <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={newPath} disabled={!canCreate}>
        New form
      </Button>
    </Stack>
  );
}

/** What to do next, and the button that does it (the heading's 'New form' is far away on a wide screen). */
function NoForms({ protectedModel, newPath }: { protectedModel: boolean; newPath: string }) {
  const action = protectedModel ? undefined : (
    <Button variant="outlined" startIcon={<AddIcon />} component={RouterLink} to={newPath}>
      Create the first form
    </Button>
  );
  return (
    <EmptyState title="No forms for this model yet." action={action}>
      {protectedModel
        ? 'This model keeps the forms it ships with.'
        : "A form decides which of the model's columns a user sees and edits."}
    </EmptyState>
  );
}

/** `forms/{modelFullName}` (spec 3 §2): tiles of the forms bound to the model. */
export function ModelFormsPage() {
  const { modelFullName = '' } = useParams();
  const summary = useQuery({ queryKey: templateManagerKeys.summary(), queryFn: templateManagerApi.summary });
  const { warn } = useNotifications();
  const [nameDialog, setNameDialog] = useState<NameDialog | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [generating, setGenerating] = useState<string | null>(null);
  const remove = useDeleteForm(() => setDeleting(null));
  const download = useDownloadForm();
  useEffect(() => {
    if (summary.isError) warn(errorMessage(summary.error));
  }, [summary.isError, summary.error, warn]);
  const forms = (summary.data?.forms ?? []).filter((form) => form.dataModel === modelFullName);
  const protectedModel = modelFullName === PROTECTED_MODEL;

  const newPath = `${formsPathOf(modelFullName)}/new`;
  const actions = <ModelFormsActions newPath={newPath} canCreate={!protectedModel} />;
  let content;
  if (summary.isPending) content = <PageLoading />;
  else if (forms.length === 0) content = <NoForms protectedModel={protectedModel} newPath={newPath} />;
  else
    content = (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))' }}>
        {forms.map((form) => (
          <FormTile
            key={form.name}
            form={form}
            editPath={formEditPathOf(modelFullName, form.name)}
            protectedForm={protectedModel}
            onDuplicate={() => setNameDialog({ kind: 'duplicate', name: form.name })}
            onRename={() => setNameDialog({ kind: 'rename', name: form.name })}
            onDownload={() => void download(form.name)}
            onDelete={() => setDeleting(form.name)}
            onGenerate={() => setGenerating(form.name)}
          />
        ))}
      </Box>
    );

  return (
    <>
      <PageHeading title={`Forms of ${modelFullName}`} actions={actions} />
      {content}
      {nameDialog && <FormNameDialogs dialog={nameDialog} onClose={() => setNameDialog(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete form template"
        message={`Delete the form template ${deleting ?? ''}?`}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
      <CodeGeneratorDialog
        open={generating !== null}
        generatorId="dis-form"
        templateName={generating ?? ''}
        onGenerated={() => void summary.refetch()}
        onClose={() => setGenerating(null)}
      />
    </>
  );
}
