export * from './prorate.js';
export * from './performance.js';
