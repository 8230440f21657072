export * from './filter-ast';
export * from './filter-parser';
export * from './filter-query';
export * from './portable-regex';
export * from './filter-matcher';
export * from './filter-fixtures';
export * from './extra-filter';
export * from './text-index';
