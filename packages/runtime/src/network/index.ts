export * from './address-policy';
export * from './address-guard';
export * from './guarded-agent';
export * from './ssrf-error';
