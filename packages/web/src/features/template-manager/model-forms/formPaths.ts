export const TEMPLATES_PATH = '/settings/templates-manager';

/** `forms/{modelFullName}`: the model forms page; `/new` and `/update/{form}` below it are the editor. */
export const formsPathOf = (model: string) => `${TEMPLATES_PATH}/forms/${encodeURIComponent(model)}`;

export const formEditPathOf = (model: string, form: string) =>
  `${formsPathOf(model)}/update/${encodeURIComponent(form)}`;
