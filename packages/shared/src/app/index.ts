export * from './app-config';
export * from './constants';
