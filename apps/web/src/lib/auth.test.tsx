import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiFetch } from './api-client';
import { startLibraryApi } from '../testing/library-api';
import { AuthProvider, ForgetUserDataOnSignOut, isUserQuery, signOut, useAuth } from './auth';

let api: Awaited<ReturnType<typeof startLibraryApi>> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** A user's playlists, read as the library feature reads them (a 'library' key, only when signed in). */
function Playlists() {
  const { user } = useAuth();
  const { data } = useQuery({
    queryKey: ['library', 'playlists'],
    queryFn: () => apiFetch<{ playlist_id: number; name: string }[]>('/api/user/playlists'),
    enabled: !!user,
  });
  return (
    <ul>
      {data?.map((p) => (
        <li key={p.playlist_id}>{p.name}</li>
      ))}
    </ul>
  );
}

describe('signing out', () => {
  it("takes the user's data off the screen at once, and keeps what is not theirs", async () => {
    api = await startLibraryApi({ playlists: [{ playlist_id: 1, name: 'Private picks', movies: [7] }] });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['movies', 'popular', 1], { page: 1 });
    client.setQueryData(['movies', 'popular', 1, 'hide-seen'], { page: 1 });
    render(
      <QueryClientProvider client={client}>
        <AuthProvider>
          <ForgetUserDataOnSignOut />
          <Playlists />
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Private picks')).toBeTruthy();
    await signOut();
    await waitFor(() => expect(screen.queryByText('Private picks')).toBeNull());
    expect(client.getQueryData(['library', 'playlists'])).toBeUndefined();
    expect(client.getQueryData(['movies', 'popular', 1])).toEqual({ page: 1 });
    expect(client.getQueryData(['movies', 'popular', 1, 'hide-seen'])).toBeUndefined();
  });

  it("counts as the user's every library, import and hide-seen query, and nothing else", () => {
    expect(isUserQuery(['library', 'likes'])).toBe(true);
    expect(isUserQuery(['import-job', 'x'])).toBe(true);
    expect(isUserQuery(['search', 'star', 1, 'hide-seen'])).toBe(true);
    expect(isUserQuery(['movie', 7])).toBe(false);
    expect(isUserQuery(['public-playlist', 'abc'])).toBe(false);
  });
});
