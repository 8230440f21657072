export * from './app-config';
export * from './constants';
export * from './app-settings';
