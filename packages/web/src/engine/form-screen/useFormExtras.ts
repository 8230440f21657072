import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FormTemplate } from '@mdis/shared';
import { appApi, appKeys } from '../../app/api/app.api';
import { isApiError } from '../../app/api/ApiError';
import { recordKeys, recordsApi, type FormRecord } from '../api/records.api';
import { searchableFields } from '../filter-bar/searchableFields';
import { linkedForms } from '../toolbar/linkedForms';
import { splitReports } from '../toolbar/reportLinks';

/** The lookups around a form: model template, reports, files count, offered linked forms. */
export function useFormExtras(form: FormTemplate, record: FormRecord | null) {
  const model = useQuery({
    queryKey: recordKeys.modelTemplate(form.dataModel),
    queryFn: () => recordsApi.modelTemplate(form.dataModel),
    staleTime: Infinity,
  });
  const searchable = useMemo(() => searchableFields(form, model.data), [form, model.data]);
  const searchableNames = useMemo(() => new Set(searchable.map((f) => f.name)), [searchable]);

  const reports = useQuery({
    queryKey: recordKeys.reports(form.name),
    queryFn: () => recordsApi.reports(form.name),
    staleTime: Infinity,
  });
  // A 4xx means no reports for this form (the reports API is not there yet: `form/reports` then
  // answers 404, or 400 from `form/{id}`); a 30 s warning on every form would bury the save messages.
  const reportsFailed = reports.isError && !(isApiError(reports.error) && reports.error.status < 500);
  const menus = splitReports(reports.data?.single ?? [], reports.data?.multiple ?? [], record !== null);

  const recordId = typeof record?.id === 'number' ? record.id : null;
  const combinedId = typeof record?.combined_id === 'string' ? record.combined_id : null;
  const files = useQuery({
    queryKey: recordKeys.fileCount(form.name, recordId ?? 0),
    queryFn: () => recordsApi.fileCount(combinedId ?? ''),
    enabled: combinedId !== null,
    retry: false,
  });

  const offered = useQuery({ queryKey: appKeys.forms(), queryFn: appApi.forms });
  const offeredNames = useMemo(
    () => new Set(Object.values(offered.data ?? {}).flatMap((forms) => forms.map((f) => f.key))),
    [offered.data],
  );
  const links = useMemo(() => (record ? linkedForms(form, record, offeredNames) : []), [form, record, offeredNames]);

  return {
    searchable,
    searchableNames,
    menus,
    reportsFailed,
    fileCount: files.isSuccess ? files.data : undefined,
    links,
  };
}
