export * from './auth';
export * from './errors';
export * from './api';
export * from './app';
