export {
  textOf,
  type FieldTypeCodec,
  type FieldTypeColumn,
  type FieldTypeEntry,
  type FieldTypeProblem,
  type FormValidatorKind,
  type SqlDialect,
} from './field-type';
export * from './registry';
