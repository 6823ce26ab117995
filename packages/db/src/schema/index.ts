export * from './auth';
export * from './vendors';
export * from './crawling';
export * from './compliance';
export * from './schedules';
export * from './changes';
export * from './alerts';
export * from './inventories';
