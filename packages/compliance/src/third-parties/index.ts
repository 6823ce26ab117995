export * from './classify';
export * from './parties';
export * from './portfolio';
