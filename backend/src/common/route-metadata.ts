/**
 * The metadata keys route decorators set, in one module below the features: the access guard, the
 * audit interceptor and the OpenAPI document all read them, and the documenting module must not import
 * the modules it documents.
 */
export const REQUIRED_PERMISSION = 'access:permission';
export const AUDITED = 'audit:declaration';
