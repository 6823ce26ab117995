export * from './common';
export * from './vendor';
export * from './auth';
export * from './project';
