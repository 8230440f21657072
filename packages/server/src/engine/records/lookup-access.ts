import { AppError, type FormTemplate, type PermissionHolder, canUseForm, parseExtraFilter } from '@mdis/shared';
import { NOT_ALLOWED, type RecordScope, scopeOf } from './record-access';
import type { TemplateSource } from './record-model';
import type { RecordTarget } from './record-target';

/**
 * What a user may read of a model's options (async-lists): the records of its scope, and, when
 * only a select field grants it, just the columns such selects show and filter by.
 */
export interface LookupGrant {
  scope: RecordScope;
  /** undefined: every column. */
  columns?: ReadonlySet<string>;
}

interface SelectSourceUse {
  form: string;
  columns: string[];
}

/** The columns a select source reads: text, value and its extraFilter's keys. */
function sourceColumns(source: { textField?: string | null; valueField?: string | null; extraFilter?: string | null }) {
  const value = source.valueField || 'id';
  const columns = [value, source.textField || value];
  try {
    columns.push(...parseExtraFilter(source.extraFilter ?? '').map((part) => part.key));
  } catch {
    // A broken extraFilter fails in the form that uses it; it grants no column here.
  }
  return columns;
}

/** The select fields (of every form) whose options come from `model`, per form. */
async function selectSourceUses(templates: TemplateSource, model: string): Promise<SelectSourceUse[]> {
  const build = async () => {
    const selectsFrom = (form: FormTemplate) =>
      form.fields.flatMap((field) => {
        const source = field.formInput.selectSource;
        return source && source.type !== 'list' && source.model === model ? [sourceColumns(source)] : [];
      });
    const forms = await templates.listForms((form) => selectsFrom(form).length > 0);
    return forms.map((form) => ({ form: form.name, columns: selectsFrom(form).flat() }));
  };
  return templates.derive ? templates.derive(`select-source-uses:${model}`, build) : build();
}

/**
 * Who may read a model's options: whoever may list it (a form built on it, a role, limited access:
 * the same scope as its lists), or whoever may view a form with a select field on it (that form
 * shows the options, so its viewers see them all, but only the columns the select reads).
 * Nothing else: 403.
 */
export async function lookupGrant(
  templates: TemplateSource,
  user: PermissionHolder,
  target: RecordTarget,
): Promise<LookupGrant> {
  const scope = scopeOf(user, target.formNames, 'view');
  if (scope) return { scope };
  const uses = (await selectSourceUses(templates, target.model.fullName)).filter((use) =>
    canUseForm(user, use.form, 'view'),
  );
  if (uses.length === 0) throw new AppError('FORBIDDEN', NOT_ALLOWED);
  return { scope: { restricted: false }, columns: new Set(uses.flatMap((use) => use.columns)) };
}

/** A column outside a select-only grant is a 403, as the whole model would be. */
export function assertLookupColumns(grant: LookupGrant, names: readonly string[]): void {
  const { columns } = grant;
  if (columns && names.some((name) => !columns.has(name))) throw new AppError('FORBIDDEN', NOT_ALLOWED);
}
