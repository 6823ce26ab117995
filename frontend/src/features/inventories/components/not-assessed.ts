import { isApiError } from '@/lib/api-error';

/** A vendor without an assessed crawl answers 404 with that reason: an empty state, not an error. */
export const isNotAssessed = (error: unknown) => isApiError(error) && error.status === 404;
