import type { ConfigResponse } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuthProvider } from '../lib/auth';
import { ConfigProvider } from '../lib/config-provider';

/**
 * Renders inside the app's providers, at `path` (matched by `route`, with navigation `state`); `pathname()` and `search()` tell
 * where the app navigated to. With `auth`, the auth observer and the toaster are there as in the app.
 */
export function renderWithApp(
  ui: ReactNode,
  {
    path = '/',
    route,
    state,
    auth = false,
  }: { path?: string; route?: string; state?: unknown; auth?: boolean } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let current = path;
  let search = '';
  function Where() {
    const location = useLocation();
    current = location.pathname;
    search = location.search;
    return null;
  }
  const url = new URL(path, 'http://x');
  const entry = state === undefined ? path : { pathname: url.pathname, search: url.search, state };
  const tree = (
    <QueryClientProvider client={client}>
      <ConfigProvider>
        <MemoryRouter initialEntries={[entry]}>
          <Where />
          <Routes>
            <Route path={route ?? url.pathname} element={ui} />
            <Route path="*" element={<p data-testid="route">elsewhere</p>} />
          </Routes>
        </MemoryRouter>
      </ConfigProvider>
    </QueryClientProvider>
  );
  const result = render(
    auth ? (
      <AuthProvider>
        {tree}
        <Toaster />
      </AuthProvider>
    ) : (
      tree
    ),
  );
  return { ...result, pathname: () => current, search: () => search };
}

/** A real local HTTP server standing in for our API (the network edge), and the page's origin set to it. */
export async function startApiFixture(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url!);
    res.setHeader('access-control-allow-origin', '*');
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(`${origin}/`);
  return { origin, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export const json = (res: ServerResponse, body: unknown, status = 200) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** A whole `/api/config` answer (the contract's shape), offline unless overridden. */
export function siteConfig(images: Partial<ConfigResponse['images']> = {}): ConfigResponse {
  return {
    images: {
      base_url: '/img/',
      fallback_base_url: null,
      poster_sizes: ['w500'],
      backdrop_sizes: ['original'],
      profile_sizes: ['w185'],
      ...images,
    },
    data_mode: 'offline',
    features: {
      google_sign_in: false,
      smtp: false,
      llm_chat: false,
      redis: false,
      external_database: false,
      recommender: false,
    },
    catalog: null,
  };
}
