export * from './local-time.js';
export * from './zone.js';
export * from './business-hours.js';
