export * from './schema.js';
export * from './link-state.js';
export * from './views.js';
export * from './refresh.js';
export * from './format.js';
export * from './chart-options.js';
export * from './widget-query.js';
export * from './widget-view.js';
