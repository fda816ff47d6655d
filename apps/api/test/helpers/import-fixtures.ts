import { zipSync } from 'fflate';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const IMPORT_FIXTURES = fileURLToPath(new URL('../fixtures/import/', import.meta.url));

export const fixture = (path: string): Buffer => readFileSync(join(IMPORT_FIXTURES, path));

/** Every file under a fixture folder, by its path inside it. */
function filesUnder(dir: string): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(dir, p)] = readFileSync(p);
    }
  };
  walk(dir);
  return out;
}

/** The Letterboxd fixture as Letterboxd's export zip (its folders at the zip's root). */
export function letterboxdZip(extra: Record<string, string> = {}): Uint8Array {
  const files = filesUnder(join(IMPORT_FIXTURES, 'letterboxd'));
  for (const [k, v] of Object.entries(extra)) files[k] = new TextEncoder().encode(v);
  return zipSync(files);
}

/** A Letterboxd diary.csv of `n` viewings of real catalog films (title and year), for the large-import tests. */
export function bigDiary(films: { title: string; year: string }[], n: number): string {
  const lines = ['Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date'];
  // 10,000 days from 1995 end in 2022: every viewing in the past, as the diary requires.
  const start = Date.UTC(1995, 0, 1);
  for (let i = 0; i < n; i++) {
    const f = films[i % films.length]!;
    const day = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    const rating = ((i % 10) + 1) / 2;
    const name = /[",\n]/.test(f.title) ? `"${f.title.replace(/"/g, '""')}"` : f.title;
    lines.push(
      `${day},${name},${f.year},https://boxd.it/x${i},${rating},${i >= films.length ? 'Yes' : ''},,${day}`,
    );
  }
  return lines.join('\n') + '\n';
}
