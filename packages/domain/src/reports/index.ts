export * from './definitions.js';
export * from './parameters.js';
export * from './document.js';
export * from './texts.js';
export * from './format.js';
export * from './viewer.js';
