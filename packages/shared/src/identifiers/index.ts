export * from './combined-id';
export * from './auto-increment';
export * from './drilling-naming';
