import {
  AppError,
  FORM_MESSAGES,
  MODEL_MESSAGES,
  parseModelTemplate,
  TEMPLATE_EXISTS_KIND,
  validationError,
  type FieldError,
  type ModelTemplate,
} from '@mdis/shared';
import JSZip from 'jszip';
import { orderByDependencies } from '../../engine/schema-sync';
import type { TemplateStore } from '../../engine/templates/template-store';
import type { FormWrites } from './form-writes';
import type { ModelWrites } from './model-writes';
import type { TemplateType } from './template-duplicate';

/** Where the original keeps template files; its zips hold them under these paths. */
const MODELS_DIR = 'backend/dis_templates/models';
const FORMS_DIR = 'backend/dis_templates/forms';
const MAX_ZIP_ENTRIES = 200;
const MAX_UNZIPPED_BYTES = 20 * 1024 * 1024;

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface UploadResult {
  type: 'zip' | TemplateType;
  models: string[];
  forms: string[];
}

/** The original writes pretty-printed JSON (PHP's JSON_PRETTY_PRINT: four spaces). */
const pretty = (value: unknown) => JSON.stringify(value, null, 4);

const fileError = (message: string) => validationError([{ field: 'file', message }]);

function isZip(file: UploadedFile): boolean {
  return file.data.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
}

function parseJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw fileError(`${name} is not valid JSON.`);
  }
}

/** A form template's name as the form writes will check it. */
function formNameOf(json: unknown): string {
  const name = (json as Record<string, unknown> | null)?.name;
  return typeof name === 'string' ? name.trim() : '';
}

/** A model template has columns, a form template a data model. */
function typeOf(json: unknown, name: string): TemplateType {
  const object = (json ?? {}) as Record<string, unknown>;
  if (typeof object.dataModel === 'string') return 'form';
  if (typeof object.columns === 'object' && object.columns !== null) return 'model';
  throw fileError(`${name} is neither a model template nor a form template.`);
}

/** The JSON files of a zip (other files, e.g. generated code, are ignored: nothing is extracted). */
async function jsonFilesOfZip(data: Buffer): Promise<{ name: string; json: unknown }[]> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(data);
  } catch {
    throw fileError('The zip file cannot be read.');
  }
  const entries = Object.values(zip.files).filter((f) => !f.dir && f.name.toLowerCase().endsWith('.json'));
  if (entries.length === 0) throw fileError('The zip file holds no template.');
  if (entries.length > MAX_ZIP_ENTRIES) throw fileError('The zip file holds too many files.');
  // Checked before inflating, so that a small zip cannot expand into gigabytes.
  const sizes = entries.map(
    (f) => (f as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0,
  );
  if (sizes.reduce((a, b) => a + b, 0) > MAX_UNZIPPED_BYTES) throw fileError('The zip file is too large.');
  return Promise.all(entries.map(async (f) => ({ name: f.name, json: parseJson(await f.async('string'), f.name) })));
}

export function createTemplateTransfer(templates: TemplateStore, models: ModelWrites, forms: FormWrites) {
  /** The uploaded templates whose names are taken: each an 'already exists' message, kind 'exists'. */
  async function taken(models: ModelTemplate[], forms: { json: unknown }[]): Promise<FieldError[]> {
    const storedModels = new Set((await templates.listModels()).map((m) => m.fullName));
    const storedForms = new Set((await templates.listForms()).map((f) => f.name));
    return [
      ...models.filter((m) => storedModels.has(m.fullName)).map((m) => MODEL_MESSAGES.modelExists(m.fullName)),
      ...forms
        .map((f) => formNameOf(f.json))
        .filter((name) => storedForms.has(name))
        .map(FORM_MESSAGES.formExists),
    ].map((message) => ({ field: 'file', message, kind: TEMPLATE_EXISTS_KIND }));
  }

  /**
   * Checks (dryRun) or stores the templates of a file: models first, parents first, then forms.
   * Templates that exist are refused (kind 'exists'), or replaced when `overwrite` says so.
   */
  async function install(files: { name: string; json: unknown }[], dryRun: boolean, overwrite: boolean) {
    const typed = files.map((f) => ({ ...f, type: typeOf(f.json, f.name) }));
    const parsed = typed.filter((f) => f.type === 'model').map((f) => parseModelTemplate(f.json));
    const formFiles = typed.filter((f) => f.type === 'form');
    const existing = await taken(parsed, formFiles);
    if (existing.length > 0 && !overwrite) throw validationError(existing);
    const storedModels = new Set((await templates.listModels()).map((m) => m.fullName));
    const storedForms = new Set((await templates.listForms()).map((f) => f.name));
    const pending: ModelTemplate[] = [];
    const replaced: string[] = [];
    const options = { keepTimestamps: true, dryRun };
    for (const model of orderByDependencies(parsed)) {
      if (storedModels.has(model.fullName))
        replaced.push((await models.update(model.fullName, model, { dryRun })).fullName);
      else pending.push(await models.create(model, { ...options, pending }));
    }
    const savedForms: string[] = [];
    for (const file of formFiles) {
      const name = formNameOf(file.json);
      if (storedForms.has(name)) savedForms.push((await forms.update(name, file.json, { dryRun })).name);
      else savedForms.push((await forms.create(file.json, { ...options, pending })).name);
    }
    return { models: [...replaced, ...pending.map((m) => m.fullName)], forms: savedForms };
  }

  async function filesOf(file: UploadedFile, expected?: 'zip' | TemplateType) {
    const zip = isZip(file);
    if (expected === 'zip' && !zip) throw fileError(`${file.filename} is not a zip file.`);
    if (zip && expected && expected !== 'zip')
      throw fileError(`${file.filename} is a zip file, not a ${expected} template.`);
    if (zip) return { type: 'zip' as const, files: await jsonFilesOfZip(file.data) };
    const json = parseJson(file.data.toString('utf8'), file.filename);
    const type = typeOf(json, file.filename);
    if (expected && expected !== type)
      throw fileError(`${file.filename} is a ${type} template, not a ${expected} template.`);
    return { type, files: [{ name: file.filename, json }] };
  }

  return {
    /** Stores a model template, a form template, or a zip of a model with its forms. */
    async upload(file: UploadedFile, expected?: 'zip' | TemplateType, overwrite = false): Promise<UploadResult> {
      const { type, files } = await filesOf(file, expected);
      await install(files, true, overwrite);
      return { type, ...(await install(files, false, overwrite)) };
    },

    /** The same checks as upload; nothing is stored. */
    async verify(file: UploadedFile, expected?: 'zip' | TemplateType): Promise<UploadResult> {
      const { type, files } = await filesOf(file, expected);
      return { type, ...(await install(files, true, false)) };
    },

    /** A zip in the original's layout: the model with its forms, or one form. */
    async download(type: TemplateType, name: string): Promise<{ filename: string; data: Buffer }> {
      const zip = new JSZip();
      if (type === 'model') {
        const model = await templates.requireModel(name);
        zip.file(`${MODELS_DIR}/${model.fullName}.json`, pretty(model));
        for (const form of await templates.formsOfModel(name))
          zip.file(`${FORMS_DIR}/${form.name}-form.json`, pretty(form));
      } else {
        const form = await templates.requireForm(name);
        zip.file(`${FORMS_DIR}/${form.name}-form.json`, pretty(form));
      }
      const data = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
      return { filename: `${name.replace(/[^\w.-]/g, '_')}.zip`, data };
    },
  };
}

export type TemplateTransfer = ReturnType<typeof createTemplateTransfer>;

/** Only zip and JSON files are accepted (spec 3 §5). */
export function assertUploadType(file: UploadedFile): void {
  const json = ['application/json', 'text/json'].includes(file.mimetype);
  const zip = ['application/zip', 'application/x-zip-compressed'].includes(file.mimetype);
  if (!json && !zip)
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Only a zip file (application/zip) or a JSON template can be uploaded.',
    );
}
