export * from './auth';
export * from './errors';
export * from './api';
export * from './app';
export * from './templates';
export * from './filters';
export * from './expressions';
export * from './igsn';
