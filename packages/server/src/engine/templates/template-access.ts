import { hasRole, mayOpenForm, type FormTemplate, type PermissionHolder } from '@mdis/shared';

/**
 * Whether the user may open the form at all (its view permission, a role, or limited access: the
 * records pipeline then restricts which records it sees).
 */
export function mayViewForm(user: PermissionHolder, formName: string): boolean {
  return mayOpenForm(user, formName);
}

/** A model is readable by developers and by whoever may view a form built on it. */
export function mayViewModel(user: PermissionHolder, modelFullName: string, forms: readonly FormTemplate[]): boolean {
  if (hasRole(user.roles, 'developer')) return true;
  return forms.some((form) => form.dataModel === modelFullName && mayViewForm(user, form.name));
}
