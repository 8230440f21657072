import { useMemo } from 'react';
import { usePrefetchQuery, useQuery } from '@tanstack/react-query';
import type { FormTemplate } from '@mdis/shared';
import { appApi, appKeys, formSummaryOf } from '../../platform/api/app.api';
import { recordKeys, recordsApi, type FormRecord } from '../api/records.api';
import { modelTemplateQuery } from './formScreenQueries';
import { searchableFields } from '../filter-bar/searchableFields';
import { linkedForms } from '../toolbar/linkedForms';
import { fileOwner } from '../toolbar/recordFiles';
import { splitReports } from '../toolbar/reportLinks';

/** The form's model template (its columns' rules and labels), loaded once per model. */
export function useModelTemplate(form: FormTemplate) {
  const modelQuery = modelTemplateQuery(form);
  usePrefetchQuery(modelQuery); // while rendering, as the list (useRecordList)
  return useQuery(modelQuery);
}

/** The lookups around a form: model template, reports, files count, offered linked forms. */
export function useFormExtras(form: FormTemplate, record: FormRecord | null) {
  const model = useModelTemplate(form);
  const offered = useQuery({ queryKey: appKeys.forms(), queryFn: appApi.forms });
  // What the server can sort and filter by, per field (app/forms); undefined until it is known.
  const abilities = useMemo(() => formSummaryOf(offered.data, form.name)?.columns, [offered.data, form.name]);
  const searchable = useMemo(() => searchableFields(form, model.data, abilities), [form, model.data, abilities]);
  const searchableNames = useMemo(() => new Set(searchable.map((f) => f.name)), [searchable]);
  const sortableNames = useMemo(
    () =>
      abilities &&
      new Set(
        Object.entries(abilities)
          .filter(([, ability]) => ability.sortable)
          .map(([name]) => name),
      ),
    [abilities],
  );

  const reports = useQuery({
    queryKey: recordKeys.reports(form.name),
    queryFn: () => recordsApi.reports(form.name),
    staleTime: Infinity,
  });
  const reportsFailed = reports.isError;
  const hasRecord = record !== null;
  // the same lists while the reports and the selection stay: the memoised toolbar takes them
  const menus = useMemo(
    () => splitReports(reports.data?.single ?? [], reports.data?.multiple ?? [], hasRecord),
    [reports.data, hasRecord],
  );

  const owner = fileOwner(form.dataModel, record);
  const files = useQuery({
    queryKey: recordKeys.fileCount(form.name, owner?.id ?? 0),
    queryFn: () => (owner ? recordsApi.fileCount(owner.column, owner.id) : 0),
    enabled: owner !== null,
    retry: false,
  });

  const offeredNames = useMemo(
    () => new Set(Object.values(offered.data ?? {}).flatMap((forms) => forms.map((f) => f.key))),
    [offered.data],
  );
  const links = useMemo(() => (record ? linkedForms(form, record, offeredNames) : []), [form, record, offeredNames]);

  return {
    model: model.data,
    searchable,
    searchableNames,
    sortableNames,
    menus,
    reportsFailed,
    fileCount: files.isSuccess ? files.data : undefined,
    hasFiles: owner !== null,
    links,
  };
}
