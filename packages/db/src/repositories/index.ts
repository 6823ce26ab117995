export * from './vendors.repository';
export * from './projects.repository';
