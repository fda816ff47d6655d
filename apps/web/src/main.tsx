import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'react-hot-toast';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { AuthProvider } from './lib/auth';
import { createQueryClient } from './lib/query-client';
import './index.css';

const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        {/* Toasts at the bottom centre for 3 seconds (spec). */}
        <Toaster
          position="bottom-center"
          toastOptions={{ duration: 3000, style: { background: '#27272a', color: '#f4f4f5' } }}
        />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
