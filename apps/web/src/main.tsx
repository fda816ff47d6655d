import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router';
import { AuthProvider } from './lib/auth';
import { createQueryClient } from './lib/query-client';
import './index.css';

// The toaster is not needed for the first paint: it loads right after, and toasts raised before
// it mounts still show (react-hot-toast keeps them in its store).
const Toaster = lazy(() => import('react-hot-toast').then((m) => ({ default: m.Toaster })));

const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        {/* Toasts at the bottom centre for 3 seconds (spec). */}
        <Suspense fallback={null}>
          <Toaster
            position="bottom-center"
            toastOptions={{ duration: 3000, style: { background: '#27272a', color: '#f4f4f5' } }}
          />
        </Suspense>
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
