export * from './date-values';
export * from './field-values';
export * from './record-messages';
export * from './value-checks';
export * from './validate-record';
