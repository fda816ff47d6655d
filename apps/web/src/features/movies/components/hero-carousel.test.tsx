import type { MovieListItem } from '@app/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, renderWithApp, siteConfig, startApiFixture } from '../../../testing/render';
import { HeroCarousel } from './hero-carousel';

let api: Awaited<ReturnType<typeof startApiFixture>>;
beforeAll(async () => {
  api = await startApiFixture((req, res) => {
    if (req.url === '/api/config') return json(res, siteConfig());
    return json(res, null);
  });
});
afterAll(() => api.close());

const movies: MovieListItem[] = Array.from({ length: 7 }, (_, i) => ({
  id: i + 1,
  title: `Movie ${i + 1}`,
  overview: `Overview ${i + 1}`,
  vote_average: 7.25 + i / 10,
  backdrop_path: `/b${i + 1}.svg`,
  poster_path: null,
}));

describe('HeroCarousel', () => {
  it('shows the first 5, rating to 1 decimal, wraps around both ways, and jumps by dot', async () => {
    renderWithApp(<HeroCarousel movies={movies} />);
    expect(screen.getByRole('heading', { name: 'Movie 1' })).toBeTruthy();
    expect(screen.getByText('7.3')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Go to slide/ })).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(screen.getByRole('heading', { name: 'Movie 5' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(screen.getByRole('heading', { name: 'Movie 1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));
    expect(screen.getByRole('heading', { name: 'Movie 3' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/movie/3');
    await waitFor(() =>
      expect(document.querySelector('img')?.getAttribute('src')).toBe('/img/original/b3.svg'),
    );
  });
});
