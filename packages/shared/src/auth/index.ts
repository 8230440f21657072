export * from './roles';
export * from './permissions';
export * from './access';
