import { stringify } from 'csv-stringify/sync';
import { strToU8, zipSync } from 'fflate';
import { NEUTRALISED_CELL, neutraliseFormula } from './csv-formula';
import type { TransferRepository } from './transfer.repository';

export type ExportData = Awaited<ReturnType<TransferRepository['exportData']>>;

const day = (isoTime: string) => isoTime.slice(0, 10);

/** A file name for a list inside the zip: letters, digits and dashes, unique within the zip. */
function listFileName(name: string, taken: Set<string>): string {
  const base =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'list';
  let file = `lists/${base}.csv`;
  for (let i = 2; taken.has(file); i++) file = `lists/${base}-${i}.csv`;
  taken.add(file);
  return file;
}

/** Text cells that a spreadsheet would run as a formula get a quote in front, in quotes (csv-formula.ts). */
const csv = (header: string[], rows: (string | number | null)[][]) =>
  stringify(
    [
      header,
      ...rows.map((r) =>
        r.map((c) => (c === null ? '' : typeof c === 'string' ? neutraliseFormula(c) : String(c))),
      ),
    ],
    { record_delimiter: '\n', quoted_match: NEUTRALISED_CELL },
  );

/**
 * Everything the user owns, as one JSON document or as a zip of CSV files in Letterboxd's export
 * columns (so Letterboxd's importer and ours read them), each with an added tmdbID column: our
 * own import matches those exactly. Letterboxd URIs are left empty (we have none).
 */
export class ExportService {
  constructor(private readonly repo: TransferRepository) {}

  async json(userId: string) {
    const data = await this.repo.exportData(userId);
    return { format: 'cinelog-export', version: 1, exported_at: new Date().toISOString(), ...data };
  }

  async zip(userId: string): Promise<Uint8Array> {
    const d = await this.repo.exportData(userId);
    const files: Record<string, Uint8Array> = {};
    const put = (name: string, text: string) => (files[name] = strToU8(text));
    const film = ['Date', 'Name', 'Year', 'Letterboxd URI'];
    put(
      'watched.csv',
      csv(
        [...film, 'tmdbID'],
        d.watched.map((m) => [day(m.updated_at), m.title, m.year, '', m.tmdb_id]),
      ),
    );
    put(
      'ratings.csv',
      csv(
        [...film, 'Rating', 'tmdbID'],
        d.ratings.map((m) => [day(m.rated_at), m.title, m.year, '', m.rating, m.tmdb_id]),
      ),
    );
    put(
      'diary.csv',
      csv(
        [...film, 'Rating', 'Rewatch', 'Tags', 'Watched Date', 'tmdbID'],
        d.diary.map((m) => [
          day(m.logged_at),
          m.title,
          m.year,
          '',
          m.rating,
          m.rewatch ? 'Yes' : '',
          m.tags.join(', '),
          m.watched_on,
          m.tmdb_id,
        ]),
      ),
    );
    put(
      'reviews.csv',
      csv(
        [...film, 'Rating', 'Rewatch', 'Review', 'Tags', 'Watched Date', 'tmdbID'],
        d.ratings
          .filter((m) => m.review)
          .map((m) => [day(m.rated_at), m.title, m.year, '', m.rating, '', m.review, '', '', m.tmdb_id]),
      ),
    );
    put(
      'watchlist.csv',
      csv(
        [...film, 'tmdbID'],
        d.watchlist.map((m) => [day(m.updated_at), m.title, m.year, '', m.tmdb_id]),
      ),
    );
    put(
      'likes/films.csv',
      csv(
        [...film, 'tmdbID'],
        d.likes.map((m) => [day(m.liked_at), m.title, m.year, '', m.tmdb_id]),
      ),
    );
    const taken = new Set<string>();
    for (const p of d.playlists) {
      const text =
        'Letterboxd list export v7\n' +
        csv(['Date', 'Name', 'Tags', 'URL', 'Description'], [[day(p.created_at), p.name, '', '', '']]) +
        '\n' +
        csv(
          ['Position', 'Name', 'Year', 'URL', 'Description', 'tmdbID'],
          p.movies.map((m, i) => [i + 1, m.title, m.year, '', '', m.tmdb_id]),
        );
      put(listFileName(p.name, taken), text);
    }
    return zipSync(files, { level: 6, mtime: new Date() });
  }
}
