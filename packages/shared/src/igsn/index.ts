export * from './igsn-config';
export * from './igsn-errors';
export * from './igsn-methods';
export * from './igsn-tags';
export * from './igsn-value';
export * from './igsn-match';
