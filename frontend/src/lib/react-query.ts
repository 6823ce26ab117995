import { QueryCache, QueryClient, useMutation, type Query, type UseMutationOptions } from '@tanstack/react-query';
import { errorReason, notifyError, notifyFailure } from './notify';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Catalogue text shown as a toast when the query fails, e.g. 'Failed to load vendors'. */
      errorTitle?: string;
      /** For catalogue texts that embed the reason, e.g. 'Failed to load configurations: {reason}'. */
      errorMessage?: (reason: string) => string;
    };
  }
}

type AnyQuery = Query<unknown, unknown, unknown, readonly unknown[]>;

export const createQueryClient = () => {
  // A polled query that keeps failing (the dashboard every 5 s) says so once; its next success re-arms it.
  const failing = new WeakSet<AnyQuery>();
  return new QueryClient({
    // Queries announce their own failures through `meta`, the way mutation hooks own theirs.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (failing.has(query)) return;
        failing.add(query);
        if (query.meta?.errorTitle) notifyError(query.meta.errorTitle, error);
        if (query.meta?.errorMessage) notifyFailure(query.meta.errorMessage(errorReason(error)));
      },
      onSuccess: (_data, query) => {
        failing.delete(query);
      },
    }),
    defaultOptions: {
      // The API client already retries what is worth retrying (503, no response).
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    },
  });
};

type AnyFn = (...args: never[]) => unknown;
type AnyAsyncFn = (...args: never[]) => Promise<unknown>;

/** Options a caller may add to a feature's query hook (the key and fetcher stay the feature's). */
export type QueryConfig<T extends AnyFn> = Omit<ReturnType<T>, 'queryKey' | 'queryFn'>;

/** Options a caller may add to a feature's mutation hook; its callbacks run after the hook's own. */
export type MutationConfig<Fn extends AnyAsyncFn> = Omit<
  UseMutationOptions<Awaited<ReturnType<Fn>>, Error, Parameters<Fn>[0]>,
  'mutationFn'
>;

type MutationOptions<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>;

/**
 * A feature's mutation hook: its own effects (cache updates, notifications) run first, then the
 * callbacks the caller passed in `mutationConfig` — so every hook owns its messages the same way.
 */
export function useFeatureMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  own: Pick<MutationOptions<TData, TVariables>, 'onSuccess' | 'onError'>,
  { onSuccess, onError, ...rest }: MutationOptions<TData, TVariables> = {},
) {
  return useMutation({
    ...rest,
    mutationFn,
    onSuccess: (...args) => {
      void own.onSuccess?.(...args);
      return onSuccess?.(...args);
    },
    onError: (...args) => {
      void own.onError?.(...args);
      return onError?.(...args);
    },
  });
}
