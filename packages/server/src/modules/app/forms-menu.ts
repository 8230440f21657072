import type { FormTemplate, PermissionHolder } from '@mdis/shared';
import type { TemplateStore } from '../../engine/templates/template-store';
import { mayViewForm } from '../../engine/templates/template-access';

export interface FormMenuEntry {
  key: string;
  label: string;
  dataModel: string;
  module: string;
}

export type FormsByModule = Record<string, FormMenuEntry[]>;

/** A label for the menu: the template's own `label` if it has one, else the name in words. */
function labelOf(form: FormTemplate): string {
  const own = (form as { label?: unknown }).label;
  if (typeof own === 'string' && own.trim() !== '') return own;
  return form.name
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/**
 * `GET app/forms`: the forms the user may view, grouped by their model's module; modules and the
 * forms within them sorted by key. Forms whose model is missing are left out (they cannot open).
 */
export async function formsMenu(templates: TemplateStore, user: PermissionHolder): Promise<FormsByModule> {
  const modules = new Map((await templates.listModels()).map((m) => [m.fullName, m.module]));
  const groups: FormsByModule = {};
  const forms = (await templates.listForms()).sort((a, b) => a.name.localeCompare(b.name));
  for (const form of forms) {
    const module = modules.get(form.dataModel);
    if (!module || !mayViewForm(user, form.name)) continue;
    (groups[module] ??= []).push({ key: form.name, label: labelOf(form), dataModel: form.dataModel, module });
  }
  return Object.fromEntries(Object.entries(groups).sort(([a], [b]) => a.localeCompare(b)));
}
