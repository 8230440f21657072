import { z } from 'zod';
import { INPUT_TYPES } from './column-types';
import { looseBoolean, looseNumber, unixSeconds } from './model-template';

/** Form templates in the original mDIS JSON format (reference §3.1); unknown keys are kept. */

const optionalText = z.string().nullable().optional();

export const SELECT_SOURCE_TYPES = ['list', 'api', 'many_relation', 'one_relation'] as const;

export const selectSourceSchema = z.looseObject({
  type: z.enum(SELECT_SOURCE_TYPES),
  listName: optionalText,
  model: optionalText,
  textField: optionalText,
  valueField: optionalText,
  /** The select-source filter language of spec 1 §5 (`key op value & …`). */
  extraFilter: optionalText,
});
export type SelectSource = z.infer<typeof selectSourceSchema>;

export const formInputSchema = z.looseObject({
  type: z.enum(INPUT_TYPES),
  disabled: looseBoolean,
  calculate: optionalText,
  jsCalculate: optionalText,
  selectSource: selectSourceSchema.nullable().optional(),
  allowFreeInput: looseBoolean,
  multiple: looseBoolean,
});
export type FormInput = z.infer<typeof formInputSchema>;

export const fieldValidatorSchema = z.looseObject({
  type: z.string(),
  min: looseNumber,
  max: looseNumber,
});
export type FieldValidator = z.infer<typeof fieldValidatorSchema>;

export const formFieldSchema = z.looseObject({
  name: z.string().min(1),
  label: optionalText,
  description: optionalText,
  formatter: optionalText,
  showAsAdditionalFilter: looseBoolean,
  validators: z.preprocess((v) => v ?? [], z.array(fieldValidatorSchema)),
  formInput: formInputSchema,
  group: optionalText,
  order: looseNumber,
});
export type FormField = z.infer<typeof formFieldSchema>;

/** `require`: the previous filter key whose value must be chosen, passed as the FK column `as`. */
export const filterDataModelSchema = z.looseObject({
  model: z.string(),
  value: z.string(),
  text: z.string(),
  ref: z.string(),
  require: z.looseObject({ value: z.string(), as: z.string() }).nullable().optional(),
});
export type FilterDataModel = z.infer<typeof filterDataModelSchema>;

export const requiredFilterSchema = z.looseObject({
  value: z.string(),
  as: z.string(),
  skipOnEmpty: looseBoolean,
});
export type RequiredFilter = z.infer<typeof requiredFilterSchema>;

export const formLinkFilterSchema = z.looseObject({ unit: z.string(), fromField: z.string() });

/** A sub-form (child) or sup-form (parent) button. */
export const formLinkSchema = z.looseObject({
  buttonLabel: optionalText,
  url: optionalText,
  parentIdField: optionalText,
  filter: z.preprocess((v) => v ?? [], z.array(formLinkFilterSchema)),
});
export type FormLink = z.infer<typeof formLinkSchema>;

function keyedMap<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (v) => ((Array.isArray(v) && v.length === 0) || v === null || v === undefined ? {} : v),
    z.record(z.string(), item),
  );
}

export const formTemplateSchema = z.looseObject({
  name: z.string().min(1),
  dataModel: z.string().min(1),
  fields: z.preprocess((v) => v ?? [], z.array(formFieldSchema)),
  subForms: keyedMap(formLinkSchema),
  supForms: keyedMap(formLinkSchema),
  filterDataModels: keyedMap(filterDataModelSchema),
  requiredFilters: z.preprocess((v) => v ?? [], z.array(requiredFilterSchema)),
  calculatedFields: z.unknown().optional(),
  confirmations: z.unknown().optional(),
  createdAt: unixSeconds,
  modifiedAt: unixSeconds,
  generatedAt: unixSeconds,
});
export type FormTemplate = z.infer<typeof formTemplateSchema>;
