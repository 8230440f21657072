import { useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import { formLabelOf } from '@mdis/shared';
import { isApiError } from '../../platform/api/ApiError';
import { formTemplateQuery } from '../../engine/form-screen/formScreenQueries';
import { GenericFormScreen, type GenericFormScreenProps } from '../../engine/form-screen/GenericFormScreen';
import type { RouteUpdate } from '../../engine/form-screen/formScreenRoute';
import { NotFoundPage } from '../../ui/NotFoundPage';
import { PageHeading } from '../../ui/PageHeading';
import { PageLoading } from '../../ui/PageLoading';
import { formNameOfKey, formRoutePath, readFormRoute } from './formRoute';
import { useFacetFilter } from './useFacetFilter';

interface TemplateFormProps {
  formName: string;
  /** The route's base (`/forms/core-form`); the record id and filter are added to it. */
  basePath: string;
  id: string | undefined;
  /** A template the server does not know shows the 404 page instead of a warning. */
  missingIsNotFound?: boolean;
  renderRecordAddon?: GenericFormScreenProps['renderRecordAddon'];
}

/** Loads a form template by name and shows it as a generic form screen bound to the URL. */
export function TemplateForm({
  formName,
  basePath,
  id,
  missingIsNotFound = false,
  renderRecordAddon,
}: TemplateFormProps) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const template = useQuery(formTemplateQuery(formName));
  const facetFilter = useFacetFilter(template.data);
  const handleRouteChange = useCallback(
    (next: RouteUpdate) => void navigate(formRoutePath(basePath, next), { replace: true }),
    [navigate, basePath],
  );

  if (template.isError) {
    if (missingIsNotFound && isApiError(template.error) && template.error.status === 404) return <NotFoundPage />;
    return <Alert severity="warning">{template.error.message}</Alert>;
  }
  if (!template.data) return <PageLoading />;
  const form = template.data;
  return (
    <>
      <PageHeading title={formLabelOf(form)} />
      <GenericFormScreen
        key={form.name}
        form={form}
        route={readFormRoute(id, search)}
        onRouteChange={handleRouteChange}
        initialFilter={facetFilter}
        renderRecordAddon={renderRecordAddon}
      />
    </>
  );
}

/**
 * `/forms/{form}-form[/{id}]`: the generic record form of a form template, with a record selected when
 * the id is given; `filter` and `selectFirst` come from the query (spec 1 §2).
 */
export function FormPage() {
  const { formKey = '', id } = useParams();
  const formName = formNameOfKey(formKey);
  if (!formName) return <NotFoundPage />;
  return <TemplateForm key={formName} formName={formName} basePath={`/forms/${formKey}`} id={id} />;
}
