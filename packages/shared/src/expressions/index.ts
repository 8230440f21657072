export * from './expression-ast';
export * from './expression-error';
export * from './expression-parser';
export * from './expression-functions';
export * from './expression-evaluator';
export * from './expression-analysis';
export * from './column-validator';
export * from './formatter';
export { roundTo, toExpressionValue, toNumber, toText } from './expression-values';
