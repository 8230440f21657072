import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ModelTemplate } from '@mdis/shared';
import { errorMessage } from '../../../platform/api/ApiError';
import { PageHeading } from '../../../ui/PageHeading';
import { PageLoading } from '../../../ui/PageLoading';
import { templateManagerApi, templateManagerKeys, type ModelSummary } from '../templateManager.api';
import { blankModel } from './editorModel';
import { ModelEditor } from './ModelEditor';

export type EditorScenario = 'create' | 'update';

function useEditorData(scenario: EditorScenario, fullName: string) {
  const summary = useQuery({ queryKey: templateManagerKeys.summary(), queryFn: templateManagerApi.summary });
  const behaviors = useQuery({ queryKey: templateManagerKeys.behaviors(), queryFn: templateManagerApi.behaviors });
  const model = useQuery({
    queryKey: templateManagerKeys.model(fullName),
    queryFn: () => templateManagerApi.modelTemplate(fullName),
    enabled: scenario === 'update',
    // the editor keeps its own copy: a refetch must not look like the stored state changed
    staleTime: Infinity,
  });
  return { summary, behaviors, model };
}

/** The data-model editor (spec 3 §2): a new model of a module, or a stored model. */
export function ModelEditorPage({ scenario }: { scenario: EditorScenario }) {
  const { moduleName = '', modelFullName = '' } = useParams();
  const { summary, behaviors, model } = useEditorData(scenario, modelFullName);
  const failure = summary.error ?? (scenario === 'update' ? model.error : null);
  const title = scenario === 'create' ? `New data model in ${moduleName}` : `Data model ${modelFullName}`;
  if (failure)
    return (
      <>
        <PageHeading title={title} />
        <Alert severity="error">{errorMessage(failure)}</Alert>
      </>
    );
  if (!summary.data || (scenario === 'update' && !model.data)) return <PageLoading />;
  const models: ModelSummary[] = summary.data.models;
  const initial: ModelTemplate = scenario === 'update' && model.data ? model.data : blankModel(moduleName);
  return (
    <>
      <PageHeading
        title={title}
        actions={
          <Button component={RouterLink} to="/settings/templates-manager">
            Back to the template manager
          </Button>
        }
      />
      <Stack spacing={2}>
        <ModelEditor
          key={scenario === 'update' ? modelFullName : `new-${moduleName}`}
          scenario={scenario}
          initial={initial}
          models={models}
          behaviors={behaviors.data ?? []}
        />
      </Stack>
    </>
  );
}
