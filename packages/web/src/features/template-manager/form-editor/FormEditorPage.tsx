import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { errorMessage } from '../../../platform/api/ApiError';
import { PageHeading } from '../../../ui/PageHeading';
import { PageLoading } from '../../../ui/PageLoading';
import { templateManagerApi, templateManagerKeys } from '../templateManager.api';
import { linkCandidates } from './formDraft';
import { formsPathOf } from '../model-forms/formPaths';
import { FormEditor } from './FormEditor';
import type { EditorScenario } from './useSaveForm';

/** What the editor needs: the model's seed and columns, the stored form, the value lists, the other forms. */
function useEditorData(scenario: EditorScenario, modelFullName: string, formName: string) {
  const seed = useQuery({
    queryKey: templateManagerKeys.formSeed(modelFullName),
    queryFn: () => templateManagerApi.formSeed(modelFullName),
    retry: false,
  });
  const model = useQuery({
    queryKey: templateManagerKeys.model(modelFullName),
    queryFn: () => templateManagerApi.modelTemplate(modelFullName),
    retry: false,
  });
  const stored = useQuery({
    queryKey: templateManagerKeys.formTemplate(formName),
    queryFn: () => templateManagerApi.formTemplate(formName),
    enabled: scenario === 'update',
    retry: false,
  });
  const summary = useQuery({ queryKey: templateManagerKeys.summary(), queryFn: templateManagerApi.summary });
  // Wait for the list names (they decide which list names are upper-cased); without them (null) the
  // server alone applies the rule.
  const listNames = useQuery({
    queryKey: templateManagerKeys.listNames(),
    queryFn: () => templateManagerApi.listNames().catch(() => null),
  });
  const queries = scenario === 'update' ? [seed, model, stored, listNames] : [seed, model, listNames];
  const error = queries.find((q) => q.isError)?.error ?? null;
  const pending = queries.some((q) => q.isPending);
  return { seed: seed.data, model: model.data, stored: stored.data, summary: summary.data, listNames, error, pending };
}

/** `forms/{model}/new` and `forms/{model}/update/{form}` (spec 3 §2). */
export function FormEditorPage({ scenario }: { scenario: EditorScenario }) {
  const { modelFullName = '', formName = '' } = useParams();
  const data = useEditorData(scenario, modelFullName, formName);
  const candidates = useMemo(
    () =>
      linkCandidates(modelFullName, data.summary?.models ?? [], data.summary?.forms ?? [], {
        sub: Object.keys(data.stored?.subForms ?? {}),
        sup: Object.keys(data.stored?.supForms ?? {}),
      }),
    [modelFullName, data.summary, data.stored],
  );
  const back = (
    <Button component={RouterLink} to={formsPathOf(modelFullName)} startIcon={<ArrowBackIcon />}>
      Back to the forms
    </Button>
  );
  const title = scenario === 'create' ? `New form of ${modelFullName}` : `Form ${formName}`;

  let content;
  if (data.error) content = <Alert severity="warning">{errorMessage(data.error)}</Alert>;
  else if (data.pending || !data.seed || !data.model) content = <PageLoading />;
  else
    content = (
      <FormEditor
        key={`${scenario}:${formName}`}
        scenario={scenario}
        modelFullName={modelFullName}
        stored={data.stored}
        seed={data.seed}
        columns={data.model.columns}
        listNames={data.listNames.data ?? null}
        candidates={candidates}
      />
    );
  return (
    <>
      <PageHeading title={title} actions={back} />
      {content}
    </>
  );
}
