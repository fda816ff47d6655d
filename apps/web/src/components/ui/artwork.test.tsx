import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, renderWithApp, siteConfig, startApiFixture } from '../../testing/render';
import { Artwork, imageCandidates, resetCdnState } from './artwork';

const OFFLINE = { base_url: 'https://cdn.test/t/p/', fallback_base_url: '/api/images/' };

describe(imageCandidates.name, () => {
  beforeEach(resetCdnState);

  it('offline with a CDN: the CDN first, then the generated art of that film', () => {
    expect(imageCandidates(OFFLINE, { path: '/abc.jpg', kind: 'poster', id: 7, size: 'w500' })).toEqual([
      { src: 'https://cdn.test/t/p/w500/abc.jpg', fromCdn: true },
      { src: '/api/images/w500/poster-7.svg', fromCdn: false },
    ]);
  });

  it('when the server could not reach the CDN: straight to the generated art, no CDN request', () => {
    const down = { ...OFFLINE, cdn_reachable: false };
    expect(imageCandidates(down, { path: '/abc.jpg', kind: 'poster', id: 7, size: 'w500' })).toEqual([
      { src: '/api/images/w500/poster-7.svg', fromCdn: false },
    ]);
    const up = { ...OFFLINE, cdn_reachable: true };
    expect(imageCandidates(up, { path: '/abc.jpg', kind: 'poster', id: 7, size: 'w500' })[0]).toEqual({
      src: 'https://cdn.test/t/p/w500/abc.jpg',
      fromCdn: true,
    });
  });

  it('a generated path goes to our server only, never to the CDN', () => {
    expect(
      imageCandidates(OFFLINE, { path: '/backdrop-7.svg', kind: 'backdrop', id: 7, size: 'original' }),
    ).toEqual([{ src: '/api/images/original/backdrop-7.svg', fromCdn: false }]);
  });

  it('no poster stays no poster; every film still has a generated backdrop', () => {
    expect(imageCandidates(OFFLINE, { path: null, kind: 'poster', id: 7, size: 'w500' })).toEqual([]);
    expect(imageCandidates(OFFLINE, { path: null, kind: 'backdrop', id: 7, size: 'w780' })).toEqual([
      { src: '/api/images/w780/backdrop-7.svg', fromCdn: false },
    ]);
  });

  it('live mode (no fallback): the CDN only', () => {
    const live = { base_url: 'https://image.tmdb.org/t/p/', fallback_base_url: null };
    expect(imageCandidates(live, { path: '/abc.jpg', kind: 'poster', id: 7, size: 'w92' })).toEqual([
      { src: 'https://image.tmdb.org/t/p/w92/abc.jpg', fromCdn: true },
    ]);
    expect(imageCandidates(live, { path: null, kind: 'backdrop', id: 7, size: 'w92' })).toEqual([]);
  });
});

let api: Awaited<ReturnType<typeof startApiFixture>>;
beforeAll(async () => {
  api = await startApiFixture((req, res) => {
    if (req.url === '/api/config') return json(res, siteConfig(OFFLINE));
    return json(res, null);
  });
});
afterAll(() => api.close());

describe('Artwork', () => {
  beforeEach(resetCdnState);
  const img = () => document.querySelector('img');

  it('shows nothing until loaded, falls back per image on failure, then to the placeholder', async () => {
    renderWithApp(
      <Artwork path="/abc.jpg" kind="poster" id={7} size="w500" placeholder={<span>No Poster</span>} />,
    );
    await waitFor(() => expect(img()?.getAttribute('src')).toBe('https://cdn.test/t/p/w500/abc.jpg'));
    // Never a broken-image icon: hidden until it has loaded.
    expect(img()!.style.opacity).toBe('0');
    fireEvent.error(img()!);
    expect(img()!.getAttribute('src')).toBe('/api/images/w500/poster-7.svg');
    expect(img()!.dataset.source).toBe('generated');
    fireEvent.load(img()!);
    expect(img()!.style.opacity).toBe('1');
    fireEvent.error(img()!);
    expect(img()).toBeNull();
    expect(screen.getByText('No Poster')).toBeTruthy();
  });

  it('once the CDN has failed three times and never loaded, later images skip it', async () => {
    const { unmount } = renderWithApp(
      <>
        {[1, 2, 3].map((id) => (
          <Artwork key={id} path={`/p${id}.jpg`} kind="poster" id={id} size="w500" />
        ))}
      </>,
    );
    await waitFor(() => expect(document.querySelectorAll('img')).toHaveLength(3));
    for (const el of document.querySelectorAll('img')) fireEvent.error(el);
    expect([...document.querySelectorAll('img')].map((el) => el.dataset.source)).toEqual([
      'generated',
      'generated',
      'generated',
    ]);
    unmount();
    renderWithApp(<Artwork path="/p4.jpg" kind="poster" id={4} size="w500" />);
    await waitFor(() => expect(img()?.getAttribute('src')).toBe('/api/images/w500/poster-4.svg'));
  });
});
