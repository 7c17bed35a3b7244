/**
 * The one query cache of the account data (TanStack Query). Every account call of the account
 * pages and the balance chip goes through it, so they share what they read: the chip, the
 * buy-credits page and the usage page read one balance and one organization, and a purchase or a
 * metered call invalidates them (`invalidateWallet`). Imported only by account chunks and by
 * signed-in code loaded on demand: a signed-out docs page never downloads it.
 *
 * Queries never retry and do not refetch on focus or reconnect: each call is made when the spec
 * says (on load, on refresh, after a change), and a failure is shown once. A failed query or
 * mutation notifies its `error_message` (spec §8) unless its `meta.quiet` says otherwise.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { getAuthState, subscribeAuthState } from '@site/src/auth/session';
import { notify } from '@site/src/components/Notifications/queue';
import { onOrganizationChange } from './organization';
import type { ApiResult } from './result';

/** A failed call inside the cache: its catalogue message and the HTTP status when one came back. */
export class ApiError extends Error {
  constructor(
    readonly error_message: string,
    readonly status?: number,
  ) {
    super(error_message);
    this.name = 'ApiError';
  }
}

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
    queryMeta: {
      /** No notification for these failures (true: none at all). */
      quiet?: true | readonly number[];
    };
    mutationMeta: {
      /** The caller reports the failure itself. */
      quiet?: true;
    };
  }
}

/** The data of a call, or its failure thrown as an ApiError (how the cache learns of it). */
export function unwrap<T>(result: ApiResult<T>): T {
  if (result.error_message !== undefined) throw new ApiError(result.error_message, result.status);
  return result.data;
}

function isQuiet(quiet: true | readonly number[] | undefined, error: ApiError): boolean {
  return (
    quiet === true ||
    (quiet !== undefined && error.status !== undefined && quiet.includes(error.status))
  );
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (!isQuiet(query.meta?.quiet, error))
        notify({ severity: 'error', message: error.error_message });
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (!mutation.meta?.quiet) notify({ severity: 'error', message: error.error_message });
    },
  }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
    mutations: { retry: false },
  },
});

// What was read belongs to the organization it was read for: after a switch (here or in another
// tab) every entry is read again, for the organization now selected.
if (typeof window !== 'undefined') onOrganizationChange(() => void queryClient.resetQueries());

// What was read belongs to the user who read it: another user (or none) starts from nothing.
let cachedFor = getAuthState().user?.uid ?? null;
subscribeAuthState(() => {
  const uid = getAuthState().user?.uid ?? null;
  if (uid === cachedFor) return;
  cachedFor = uid;
  queryClient.clear();
});
