export * from './role-groups.js';
export * from './scope.js';
export * from './privilege.js';
export * from './areas.js';
export * from './menus.js';
export * from './monitoring.js';
