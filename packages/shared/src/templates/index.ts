export * from './column-types';
export * from './naming';
export * from './parent-link';
export * from './model-template';
export * from './form-template';
export * from './parse';
export * from './model-rules';
export * from './form-rules';
