import type { MovieVideos, WatchProviders } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, renderWithApp, siteConfig, startApiFixture } from '../../../testing/render';
import Trailer from './trailer';
import WhereToWatch from './where-to-watch';

/** Live mode's config: images from TMDB's CDN. */
const LIVE = { ...siteConfig({ base_url: 'https://image.tmdb.org/t/p/' }), data_mode: 'live' as const };

const provider = (id: number, name: string) => ({ id, name, logo_path: `/logo${id}.jpg` });
const OFFERS: WatchProviders = {
  id: 157336,
  country: 'DE',
  country_from: 'settings',
  link: 'https://www.themoviedb.org/movie/157336-interstellar/watch?locale=DE',
  flatrate: [provider(8, 'Netflix'), provider(337, 'Disney Plus')],
  rent: [],
  buy: [provider(2, 'Apple TV')],
  attribution: { text: 'Streaming data by JustWatch', url: 'https://www.justwatch.com' },
};

let api: Awaited<ReturnType<typeof startApiFixture>> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** A stand-in API: the config, and `answer` for the route under test (status, body). */
async function serve(path: string, answer: () => [number, unknown]) {
  api = await startApiFixture((req, res) => {
    if (req.url === '/api/config') return json(res, LIVE);
    if (req.url === path) return json(res, ...([answer()[1], answer()[0]] as [unknown, number]));
    json(res, { message: 'not here' }, 404);
  });
  return api;
}

describe('Where to watch', () => {
  it("shows each kind's providers as logos from the image CDN, linking to TMDB's watch page, and credits JustWatch", async () => {
    await serve('/api/movies/157336/watch', () => [200, OFFERS]);
    renderWithApp(<WhereToWatch id={157336} />);
    const section = await screen.findByRole('region', { name: 'Where to watch' });
    expect(within(section).getByText(/^In /).textContent).toBe('In Germany');
    const stream = within(section).getByRole('heading', { name: 'Stream' }).parentElement!;
    expect(
      within(stream)
        .getAllByRole('img')
        .map((i) => [i.getAttribute('alt'), i.getAttribute('src')]),
    ).toEqual([
      ['Netflix', 'https://image.tmdb.org/t/p/w92/logo8.jpg'],
      ['Disney Plus', 'https://image.tmdb.org/t/p/w92/logo337.jpg'],
    ]);
    // A kind with no offers has no heading; the others keep their order.
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Stream', 'Buy']);
    for (const a of within(section).getAllByRole('link', { name: /Netflix|Apple TV|All offers on TMDB/ })) {
      expect(a.getAttribute('href')).toBe(OFFERS.link);
      expect(a.getAttribute('rel')).toContain('noopener');
    }
    expect(
      within(section).getByRole('link', { name: 'Streaming data by JustWatch' }).getAttribute('href'),
    ).toBe('https://www.justwatch.com');
  });

  it.each([
    ['no offers in the country', 200, { ...OFFERS, flatrate: [], buy: [] }],
    ['the API answering 404 (offline)', 404, { message: 'Where to watch needs live TMDB data' }],
  ])('is absent, not empty, with %s', async (_what, status, body) => {
    const fixture = await serve('/api/movies/157336/watch', () => [status, body]);
    const { container } = renderWithApp(<WhereToWatch id={157336} />);
    await waitFor(() => expect(fixture.requests).toContain('/api/movies/157336/watch'));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Where to watch' })).toBeNull();
    expect(container.textContent).toBe('');
  });
});

describe('Trailer', () => {
  const VIDEOS: MovieVideos = {
    id: 157336,
    results: [
      { key: 'zSWdZVtXT7E', name: 'Official Trailer', type: 'Trailer', official: true },
      { key: 'teaser1', name: 'Official Teaser', type: 'Teaser', official: true },
    ],
  };

  it("shows the first trailer's thumbnail and loads YouTube's cookie-less player only when played", async () => {
    await serve('/api/movies/157336/videos', () => [200, VIDEOS]);
    const { container } = renderWithApp(<Trailer id={157336} title="Interstellar" />);
    const play = await screen.findByRole('button', { name: 'Play trailer: Official Trailer' });
    expect(play.querySelector('img')!.getAttribute('src')).toBe(
      'https://i.ytimg.com/vi/zSWdZVtXT7E/hqdefault.jpg',
    );
    expect(container.querySelector('iframe')).toBeNull();
    fireEvent.click(play);
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/zSWdZVtXT7E?autoplay=1&rel=0',
    );
    expect(frame.getAttribute('title')).toBe('Interstellar: Official Trailer');
    expect(screen.queryByRole('button', { name: /Play trailer/ })).toBeNull();
  });

  it.each([
    ['no trailer', 200, { id: 157336, results: [] }],
    ['the API answering 404 (offline)', 404, { message: 'Trailers need live TMDB data' }],
  ])('is absent with %s', async (_what, status, body) => {
    const fixture = await serve('/api/movies/157336/videos', () => [status, body]);
    const { container } = renderWithApp(<Trailer id={157336} title="Interstellar" />);
    await waitFor(() => expect(fixture.requests).toContain('/api/movies/157336/videos'));
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toBe('');
  });
});
