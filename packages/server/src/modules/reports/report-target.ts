import { AppError, REPORT_MESSAGES, hasRole } from '@mdis/shared';
import { FORM_NOT_FOUND } from '../../engine/records/record-target';
import { MODEL_NOT_FOUND } from '../../engine/records/record-model';
import type { AuthenticatedUser } from '../../infra/auth/authenticated-user';
import type { ReportDefinition, ReportDeps, ReportTarget } from './report-definition';
import type { ReportQuery } from './report-query';

export const NOT_ALLOWED = 'You are not allowed to perform this action.';

/** Whether a report applies to a model (the original matched its MODEL pattern against the name). */
export function appliesTo(definition: ReportDefinition, modelName: string): boolean {
  return !definition.standalone && definition.model.test(modelName);
}

/**
 * The model a report request names: `form` (its data model; a `model` that differs is a mismatch)
 * or `model` alone. A report that does not apply to it → 400 'report can not be used for model'.
 */
export async function resolveReportTarget(
  deps: ReportDeps,
  definition: ReportDefinition,
  query: ReportQuery,
): Promise<ReportTarget> {
  if (query.form !== undefined) {
    const form = await deps.templates.getForm(query.form);
    if (!form) throw new AppError('NOT_FOUND', FORM_NOT_FOUND);
    if (query.model !== undefined && query.model !== form.dataModel) {
      throw new AppError('BAD_REQUEST', REPORT_MESSAGES.modelMismatch);
    }
    const model = await deps.templates.getModel(form.dataModel);
    if (!model) throw new AppError('NOT_FOUND', MODEL_NOT_FOUND);
    if (!appliesTo(definition, model.fullName)) throw new AppError('BAD_REQUEST', REPORT_MESSAGES.modelMismatch);
    return { ref: { kind: 'form', name: form.name }, model, form };
  }
  if (query.model === undefined) throw new AppError('BAD_REQUEST', REPORT_MESSAGES.missingModel);
  const model = await deps.templates.getModel(query.model);
  if (!model) throw new AppError('NOT_FOUND', MODEL_NOT_FOUND);
  if (!appliesTo(definition, model.fullName)) throw new AppError('BAD_REQUEST', REPORT_MESSAGES.modelMismatch);
  return { ref: { kind: 'global', name: model.fullName }, model, form: undefined };
}

/** A single-record request needs a report for single records, a list request one for lists. */
export function assertRecordsMode(definition: ReportDefinition, query: ReportQuery): void {
  const single = query.id !== undefined;
  if (single && definition.records === 'multiple') {
    throw new AppError('BAD_REQUEST', `${definition.name} runs on a list of records, not on one record.`);
  }
  if (!single && definition.records === 'single') throw new AppError('BAD_REQUEST', REPORT_MESSAGES.missingId);
}

export function assertReportRole(definition: ReportDefinition, user: AuthenticatedUser): void {
  if (definition.role && !hasRole(user.roles, definition.role)) throw new AppError('FORBIDDEN', NOT_ALLOWED);
}
