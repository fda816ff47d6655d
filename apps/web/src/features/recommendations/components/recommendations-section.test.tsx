import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, renderWithApp, siteConfig, startApiFixture } from '../../../testing/render';
import { RecommendationsSection } from './recommendations-section';

let api: Awaited<ReturnType<typeof startApiFixture>> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

const card = (id: number, title: string) => ({ id, title, poster_path: null, vote_average: 7 });
const PREPARING = {
  message: 'Recommendations are being prepared. Please try again in a moment.',
  code: 'RECOMMENDATIONS_PREPARING',
};

/** A stand-in API whose recommendations answer `answers` in turn (the last one from then on). */
async function apiAnswering(answers: ((res: Parameters<typeof json>[0]) => void)[]) {
  let asked = 0;
  api = await startApiFixture((req, res) => {
    if (req.url!.startsWith('/api/config')) return json(res, siteConfig());
    if (req.url!.startsWith('/api/recommend/movies'))
      return answers[Math.min(asked++, answers.length - 1)]!(res);
    json(res, { message: 'Not found' }, 404);
  });
  return () => asked;
}

describe('Recommended Movies', () => {
  it('says the recommendations are being prepared while the API answers 503, then shows them without a reload', async () => {
    const asked = await apiAnswering([
      (res) => json(res, PREPARING, 503),
      (res) => json(res, PREPARING, 503),
      (res) => json(res, [card(862, 'Toy Story'), card(10193, 'Toy Story 3')]),
    ]);
    renderWithApp(<RecommendationsSection id={863} />);
    expect(await screen.findByText('Recommendations are being prepared…')).toBeTruthy();
    // Never the spec's empty answer while the model is not ready.
    expect(screen.queryByText('No recommendations found.')).toBeNull();
    // It asks again by itself (every 3 s) and fills in.
    expect(await screen.findByText('Toy Story 3', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Toy Story')).toBeTruthy();
    expect(screen.queryByText('Recommendations are being prepared…')).toBeNull();
    expect(asked()).toBe(3);
  }, 20_000);

  it('keeps "No recommendations found." for a real empty answer and for a failing service, and does not ask again', async () => {
    const empty = (res: Parameters<typeof json>[0]) => json(res, []);
    const failing = (res: Parameters<typeof json>[0]) =>
      json(res, { message: 'Recommendations are unavailable right now.' }, 502);
    for (const answer of [empty, failing]) {
      const asked = await apiAnswering([answer]);
      const view = renderWithApp(<RecommendationsSection id={863} />);
      expect(await screen.findByText('No recommendations found.')).toBeTruthy();
      expect(screen.queryByText('Recommendations are being prepared…')).toBeNull();
      await new Promise((r) => setTimeout(r, 3500)); // longer than the preparing poll
      expect(asked()).toBe(1);
      view.unmount();
      await api!.close();
      api = undefined;
    }
  }, 20_000);
});
