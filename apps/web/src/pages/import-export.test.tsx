import type { ImportJob, ImportPreview } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import ImportExportPage from './import-export';
import { startLibraryApi } from '../testing/library-api';
import { json, renderWithApp } from '../testing/render';
import { SharePlaylist } from '../features/library/components/share-playlist';
import { TRANSFER_TEXT } from '../features/transfer/messages';

let api: Awaited<ReturnType<typeof startLibraryApi>> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function rawBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const counts = {
  likes: 0,
  watched: 2,
  watchlist: 0,
  ratings: 1,
  diary: 1,
  playlists: 0,
  playlist_entries: 0,
};
const actions = { like: false, watched: true, watchlist: false, rating: 4, diary: 1, lists: [] };
const candidate = (tmdb_id: number, overview: string) => ({
  tmdb_id,
  title: 'Hamlet',
  year: '2000',
  poster_path: null,
  overview,
});
const PREVIEW: ImportPreview = {
  preview_id: 'p1',
  source: 'letterboxd',
  files: ['diary.csv'],
  rows: 3,
  films: 3,
  counts: {
    matched: 1,
    low_confidence: 0,
    ambiguous: 1,
    unmatched: 1,
    skipped_rows: 0,
    already_in_library: 0,
  },
  will_write: counts,
  already_held: { ...counts, watched: 0, ratings: 0, diary: 0 },
  matched: [
    {
      key: 'title:heat|1995',
      title: 'Heat',
      year: 1995,
      rows: 1,
      actions,
      match: { ...candidate(949, ''), title: 'Heat', year: '1995' },
      confidence: 'title_year',
      in_library: false,
    },
  ],
  ambiguous: [
    {
      key: 'title:hamlet|2000',
      title: 'Hamlet',
      year: 2000,
      rows: 1,
      actions,
      candidates: [candidate(10688, 'Ethan Hawke in New York.'), candidate(125705, 'A TV production.')],
    },
  ],
  unmatched: [
    { key: 'title:nope|2031', title: 'Nope Film', year: 2031, rows: 1, actions, reason: 'Not found' },
  ],
  skipped: [],
  expires_at: new Date(Date.now() + 60_000).toISOString(),
};

describe('import page', () => {
  it('upload → preview with counts → pick the ambiguous film → import → progress → what was added', async () => {
    const seen: { upload?: { name: string | null; bytes: string }; commit?: unknown; polls: number } = {
      polls: 0,
    };
    api = await startLibraryApi({}, (req, res, b) => {
      const url = new URL(req.url!, 'http://x');
      if (url.pathname === '/api/user/import/preview' && req.method === 'POST') {
        void rawBody(req).then((bytes) => {
          seen.upload = { name: url.searchParams.get('name'), bytes: bytes.toString() };
          json(res, PREVIEW);
        });
        return true;
      }
      if (url.pathname === '/api/user/import' && req.method === 'POST') {
        seen.commit = b;
        json(res, job('running', 0), 202);
        return true;
      }
      if (url.pathname === '/api/user/import/jobs/j1/undo' && req.method === 'POST') {
        json(res, { ...job('done', 4), undone: true });
        return true;
      }
      if (url.pathname === '/api/user/import/jobs/j1') {
        seen.polls++;
        json(res, seen.polls < 2 ? job('running', 2) : job('done', 4));
        return true;
      }
      return false;
    });
    renderWithApp(<ImportExportPage />, { auth: true, path: '/account/import' });
    const input = (await screen.findByLabelText('Choose a file')) as HTMLInputElement;
    const file = new File(['Date,Name,Year,Letterboxd URI\n'], 'diary.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });

    const preview = await screen.findByTestId('import-preview');
    expect(seen.upload).toEqual({ name: 'diary.csv', bytes: 'Date,Name,Year,Letterboxd URI\n' });
    expect(within(preview).getByText('Matched').parentElement?.textContent).toBe('1Matched');
    expect(within(preview).getByText('Not found').parentElement?.textContent).toBe('1Not found');
    expect(within(preview).getByText('2 films marked watched')).toBeTruthy();
    expect(within(preview).getByText('Ethan Hawke in New York.')).toBeTruthy();
    fireEvent.click(within(preview).getAllByRole('radio')[1]!);
    expect(within(preview).getByText(/\(1 of 1 picked/)).toBeTruthy();
    fireEvent.click(within(preview).getByRole('button', { name: 'Import' }));

    const bar = await screen.findByRole('progressbar');
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('100'), { timeout: 10_000 });
    // What the job counts is what it saved, not the file's rows (the preview's "3 rows").
    expect(await screen.findByText(/^4 of 4 records saved/)).toBeTruthy();
    expect(seen.commit).toEqual({ preview_id: 'p1', picks: { 'title:hamlet|2000': 125705 } });
    const added = await screen.findByRole('status');
    expect(added.textContent).toContain('Added to your library');
    expect(added.textContent).toContain('2 films marked watched');
    expect(added.textContent).toContain('1 diary entry');

    // Undo: one call, then the page says so.
    fireEvent.click(screen.getByRole('button', { name: 'Undo this import' }));
    expect((await screen.findByText(/Undone: what this import added was removed/)).textContent).toBeTruthy();
    expect(api.state.calls.at(-1)).toBe('POST /api/user/import/jobs/j1/undo');
  });

  /** Uploads a file and answers `preview`: the preview as the page shows it. */
  async function showPreview(preview: ImportPreview) {
    api = await startLibraryApi({}, (req, res) => {
      if (!req.url?.startsWith('/api/user/import/preview')) return false;
      void rawBody(req).then(() => json(res, preview));
      return true;
    });
    renderWithApp(<ImportExportPage />, { auth: true, path: '/account/import' });
    const input = (await screen.findByLabelText('Choose a file')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['Date,Name\n'], 'diary.csv')] } });
    return screen.findByTestId('import-preview');
  }
  const none = { ...counts, watched: 0, ratings: 0, diary: 0 };
  const heat = PREVIEW.matched[0]!;
  const amelie = { ...heat, key: 'title:amelie|2001', title: 'Amélie', year: 2001 };

  it('the same file again: nothing new to import, what the library already holds, and no Import button to press', async () => {
    const preview = await showPreview({
      ...PREVIEW,
      counts: { ...PREVIEW.counts, matched: 2, ambiguous: 0, unmatched: 0, already_in_library: 2 },
      will_write: none,
      already_held: { ...none, watched: 2, ratings: 2, diary: 3 },
      matched: [
        { ...heat, in_library: true },
        { ...amelie, in_library: true },
      ],
      ambiguous: [],
      unmatched: [],
    });
    expect(within(preview).getByRole('status').textContent).toBe(
      'Nothing new to import: your library already holds everything in this file.',
    );
    const held = within(preview).getByTestId('import-already-held');
    expect(held.textContent).toContain('Already in your library (left as it is)');
    expect(held.textContent).toContain('2 films marked watched');
    expect(held.textContent).toContain('3 diary entries');
    expect((within(preview).getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(preview).getAllByText('already in your library')).toHaveLength(2);
  });

  it('partly new: how many films are new and how many already in your library, and only the new rows to write', async () => {
    const preview = await showPreview({
      ...PREVIEW,
      counts: { ...PREVIEW.counts, matched: 2, ambiguous: 0, unmatched: 0, already_in_library: 1 },
      will_write: { ...none, diary: 1 },
      already_held: { ...none, watched: 2, ratings: 2, diary: 2 },
      matched: [
        { ...heat, in_library: false },
        { ...amelie, in_library: true },
      ],
      ambiguous: [],
      unmatched: [],
    });
    expect(within(preview).getByRole('status').textContent).toBe(
      '1 film with something new to import · 1 film already in your library',
    );
    expect(within(preview).getByTestId('import-will-write').textContent).toContain('1 diary entry');
    expect(within(preview).getByTestId('import-will-write').textContent).not.toContain('watched');
    expect((within(preview).getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(within(preview).getAllByText('already in your library')).toHaveLength(1);
  });

  it('a refused file shows the API’s message and stays on the picker', async () => {
    api = await startLibraryApi({}, (req, res) => {
      if (req.url?.startsWith('/api/user/import/preview')) {
        void rawBody(req).then(() =>
          json(res, { message: 'x.csv does not look like a Letterboxd, IMDb or Trakt export' }, 400),
        );
        return true;
      }
      return false;
    });
    renderWithApp(<ImportExportPage />, { auth: true, path: '/account/import' });
    const input = (await screen.findByLabelText('Choose a file')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['id,movie\n'], 'x.csv')] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'x.csv does not look like a Letterboxd, IMDb or Trakt export',
    );
    expect(screen.getByLabelText('Choose a file')).toBeTruthy();
  });
});

describe('an upload the server stopped waiting for', () => {
  it('a 408 says what helps: the zip, or a faster connection', async () => {
    api = await startLibraryApi({}, (req, res) => {
      if (req.url?.startsWith('/api/user/import/preview')) {
        void rawBody(req).then(() => json(res, { message: 'Request timed out' }, 408));
        return true;
      }
      return false;
    });
    renderWithApp(<ImportExportPage />, { auth: true, path: '/account/import' });
    const input = (await screen.findByLabelText('Choose a file')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['Date,Name\n'], 'diary.csv')] } });
    expect((await screen.findByRole('alert')).textContent).toBe(TRANSFER_TEXT.uploadTooSlow);
  });
});

describe('an upload the server asks to send again', () => {
  /** Answers the preview's requests in turn with `answers` (status, Retry-After, body); counts them. */
  async function answering(answers: [number, string | null, unknown][]) {
    const seen = { requests: 0 };
    api = await startLibraryApi({}, (req, res) => {
      if (!req.url?.startsWith('/api/user/import/preview')) return false;
      const [status, retryAfter, body] = answers[Math.min(seen.requests++, answers.length - 1)]!;
      void rawBody(req).then(() => {
        if (retryAfter) res.setHeader('retry-after', retryAfter);
        json(res, body, status);
      });
      return true;
    });
    renderWithApp(<ImportExportPage />, { auth: true, path: '/account/import' });
    const input = (await screen.findByLabelText('Choose a file')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['Date,Name\n'], 'diary.csv')] } });
    return seen;
  }

  it('the importer still starting (a 503 to retry in a second): the page sends it again itself', async () => {
    const starting = { message: 'The importer is still starting: please try again in a few seconds' };
    const seen = await answering([
      [503, '1', starting],
      [200, null, PREVIEW],
    ]);
    expect(await screen.findByTestId('import-preview', {}, { timeout: 5_000 })).toBeTruthy();
    expect(seen.requests).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a busy server (a 503 to retry in a minute) is said, not sent again', async () => {
    const busy = {
      message: 'Too many imports are waiting to be confirmed right now: please try again in a minute',
    };
    const seen = await answering([[503, '60', busy]]);
    expect((await screen.findByRole('alert')).textContent).toBe(busy.message);
    expect(seen.requests).toBe(1);
  });
});

function job(state: ImportJob['state'], done: number): ImportJob {
  return {
    job_id: 'j1',
    state,
    done,
    total: 4,
    added: state === 'done' ? counts : null,
    undone: false,
    planned: counts,
    message: null,
    started_at: new Date().toISOString(),
    finished_at: state === 'done' ? new Date().toISOString() : null,
    elapsed_ms: 120,
  };
}

describe('public link switch', () => {
  it('off by default; on shows the link with Copy; off again hides it', async () => {
    let slug: string | null = null;
    api = await startLibraryApi({}, (req, res) => {
      if (req.url !== '/api/user/playlists/5/share') return false;
      if (req.method === 'POST') slug = 'AbCdEfGhIjKlMnOpQrStUv';
      if (req.method === 'DELETE') slug = null;
      json(res, { public_slug: slug, path: slug ? `/p/${slug}` : null });
      return true;
    });
    renderWithApp(<SharePlaylist playlistId={5} />, { auth: true });
    const sw = await screen.findByRole('switch', { name: 'Public link' });
    await waitFor(() => expect((sw as HTMLButtonElement).disabled).toBe(false));
    expect(sw.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();

    fireEvent.click(sw);
    await waitFor(() => expect(sw.getAttribute('aria-checked')).toBe('true'));
    const link = screen.getByRole('textbox', { name: 'Public link' }) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/p/AbCdEfGhIjKlMnOpQrStUv`);
    expect(await screen.findByText('Anyone with the link can now see this playlist')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();

    fireEvent.click(sw);
    await waitFor(() => expect(sw.getAttribute('aria-checked')).toBe('false'));
    expect(screen.queryByRole('textbox', { name: 'Public link' })).toBeNull();
    expect(api.state.calls).toEqual([
      'POST /api/user/playlists/5/share',
      'DELETE /api/user/playlists/5/share',
    ]);
  });
});
