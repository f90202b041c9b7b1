export * from './catalogue.js';
export * from './formulas.js';
