import { FORM_MESSAGES, toKebabCase, type ColumnTemplate, type FormTemplate } from '@mdis/shared';
import { normalizedField } from './fieldSettings';
import { fieldsOfLayout, type FormLayout } from './formLayout';

/** The data model's columns by name; a stored field may name a column that is gone. */
export type ColumnMap = Readonly<Partial<Record<string, ColumnTemplate>>>;

/** What the form editor edits, and the template it sends (create-form, update-form). */
export interface FormDraft {
  name: string;
  dataModel: string;
  layout: FormLayout;
  /** The picked Child Forms (sub-form buttons) and Parent Forms (sup-form buttons). */
  subForms: string[];
  supForms: string[];
}

/** The name as the form gets it: kebab-case; 'Name is required' when nothing is left. */
export function formNameOf(text: string): { name: string; error: string | null } {
  const name = toKebabCase(text);
  return { name, error: name === '' ? FORM_MESSAGES.nameRequired : null };
}

/**
 * The body of create-form and update-form: the stored template's other keys (filters, buttons)
 * kept, the fields from the editor with the form template rules applied (required forced on
 * database-required columns, disabled forced by a calculate, a list source's unknown list name
 * upper-cased and its fields defaulting to remark/display; spec 3 §5), and the picked sub and sup
 * forms as availableSubForms / availableSupForms (the server builds the buttons from them).
 */
export function templateOfDraft(
  draft: FormDraft,
  columns: ColumnMap,
  listNames: readonly string[] | null,
  stored?: FormTemplate,
): { template: Record<string, unknown> } {
  const fields = fieldsOfLayout(draft.layout).map((field) => normalizedField(field, columns[field.name], listNames));
  return {
    template: {
      ...stored,
      name: draft.name,
      dataModel: draft.dataModel,
      fields,
      availableSubForms: draft.subForms,
      availableSupForms: draft.supForms,
    },
  };
}

export interface LinkCandidates {
  sub: string[];
  sup: string[];
}

interface ModelLink {
  fullName: string;
  parentModel: string | null;
}
interface FormOfModel {
  name: string;
  dataModel: string;
}

/**
 * Forms a button may open: Parent Forms are the forms of the parent model, Child Forms those of
 * models whose parent is this model. Buttons the template already has are always offered.
 */
export function linkCandidates(
  modelFullName: string,
  models: readonly ModelLink[],
  forms: readonly FormOfModel[],
  current: { sub: readonly string[]; sup: readonly string[] },
): LinkCandidates {
  const parent = models.find((m) => m.fullName === modelFullName)?.parentModel ?? null;
  const children = new Set(models.filter((m) => m.parentModel === modelFullName).map((m) => m.fullName));
  const unique = (names: string[]) => [...new Set(names)].sort();
  return {
    sup: unique([...forms.filter((f) => parent !== null && f.dataModel === parent).map((f) => f.name), ...current.sup]),
    sub: unique([...forms.filter((f) => children.has(f.dataModel)).map((f) => f.name), ...current.sub]),
  };
}
