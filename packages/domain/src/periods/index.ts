export * from './ladder.js';
export * from './presets.js';
export * from './comparisons.js';
export * from './filters.js';
export * from './forecast.js';
