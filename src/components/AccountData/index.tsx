/**
 * Gives its children the account cache (src/api/cache.ts). Every tree that reads account data
 * mounts it: the account pages (AccountPage) and the navbar's balance chip. They all hold the same
 * QueryClient, so what one of them reads or invalidates, the others see.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '@site/src/api/cache';

export default function AccountData({ children }: { children: ReactNode }): ReactNode {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
