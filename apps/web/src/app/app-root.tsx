import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { AuthProvider, ForgetUserDataOnSignOut } from '../lib/auth';
import { ConfigProvider } from '../lib/config-provider';
import { AppRoutes } from './router';

/**
 * The app as the browser renders it and as the server renders a landing page's first markup
 * (src/entry-server.tsx): the same tree, so the browser hydrates what the server sent. `router`
 * wraps the routes: the browser's history, or the server's one location.
 */
export function AppRoot({
  queryClient,
  router: Router,
}: {
  queryClient: QueryClient;
  router: (props: { children: ReactNode }) => ReactNode;
}) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider>
          <AuthProvider>
            <ForgetUserDataOnSignOut />
            <Router>
              <AppRoutes />
            </Router>
          </AuthProvider>
        </ConfigProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
