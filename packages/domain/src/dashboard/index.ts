export * from './schema.js';
export * from './link-state.js';
export * from './views.js';
export * from './refresh.js';
