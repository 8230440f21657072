import { formNameOfKey } from '../forms/formRoute';

/**
 * The form of `/forms/{key}/import`: the key is the form's own route key (`sample-form`, what the
 * toolbar's Import button opens) or its bare name (`sample`).
 */
export function formNameOfImportKey(formKey: string): string {
  return formNameOfKey(formKey) ?? formKey;
}

/** The import screen of a form. */
export function importPathOf(formName: string): string {
  return `/forms/${formName}-form/import`;
}

/** The form listing what one import wrote: its `?filter=` is the filter the commit answered with. */
export function importedRecordsPath(formName: string, filter: string): string {
  return `/forms/${formName}-form?filter=${encodeURIComponent(filter)}`;
}
