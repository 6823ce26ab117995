export * from './messages';
export * from './limits';
export * from './schemas';
export * from './types';
export * from './crawl';
export * from './compliance';
export * from './changes';
export * from './alerts';
export * from './glob';
export * from './crawl-failure';
export * from './inventory';
export * from './grades';
export * from './workspaces';
export * from './audit-summary';
<<<<<<< HEAD
export * from './questionnaires';
=======
export * from './remediation';
>>>>>>> prog-requests
