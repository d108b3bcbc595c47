import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { OverlayProvider } from '../components/ui/overlay';
import { Toaster } from '../components/ui/toast';
import { queryClient } from '../lib/query-client';

/** Data providers: server cache, overlay and toasts. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <OverlayProvider>
        {children}
        <Toaster />
      </OverlayProvider>
    </QueryClientProvider>
  );
}
