import type { IgsnMatch } from '@mdis/shared';
import type { FormsByModule } from '../../platform/api/app.api';
import { formRoutePath } from '../forms/formRoute';

/** One way to open a found record: a form of its model, the record id and the filter to set. */
export interface FoundForm {
  formName: string;
  id: number;
  info: string;
  /** `/forms/core-form/12?filter=expedition%3A1%2C…` */
  path: string;
}

/**
 * Every (form, match) pair whose form shows the match's model, in the order of the forms menu
 * (the original lists one entry per form, so a model with two forms gives two links). Filter
 * entries without a value are left out: the route filter holds numbers only.
 */
export function toFoundForms(matches: readonly IgsnMatch[], forms: FormsByModule): FoundForm[] {
  const found: FoundForm[] = [];
  for (const form of Object.values(forms).flat()) {
    for (const match of matches) {
      if (match.data_model !== form.dataModel) continue;
      const filter = Object.fromEntries(
        Object.entries(match.filter).filter((entry): entry is [string, number] => entry[1] !== null),
      );
      found.push({
        formName: form.key,
        id: match.id,
        info: match.info,
        path: formRoutePath(`/forms/${form.key}-form`, { id: match.id, filter }),
      });
    }
  }
  return found;
}

/** The text of a link: 'name@id, info' as the original shows it. */
export function foundFormLabel(found: FoundForm): string {
  return found.info ? `${found.formName}@${found.id}, ${found.info}` : `${found.formName}@${found.id}`;
}
