export * from './list.schemas';
export * from './auth.schemas';
export * from './users.schemas';
export * from './list-values.schemas';
export * from './widgets.schemas';
