export * from './main-text';
export * from './findings-diff';
export * from './policy-pages';
export * from './word-diff';
