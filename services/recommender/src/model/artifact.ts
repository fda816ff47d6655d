import { readJsonFile } from './large-json';
import {
  closeSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  openSync,
  readSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { TrendingItem } from '@app/contracts/for-you';

/**
 * 11: decision 0073 as served: a country on more than 15% of films left out of the field (a model
 * of format 10, with the US in it, is rebuilt).
 * 10: decision 0073 (where a film was made is a field of the content similarity: the kept lists
 * of most films changed).
 * 9: decision 0072 (a candidate sharing less than half of the seed's genres keeps less of its
 * score: two in three kept lists changed).
 * 8: decision 0067 (content similarity as a weighted sum of per-field cosines: every kept list of a
 * film that is not a documentary changed).
 * 7: decision 0059 (a feature whose franchise has no other feature is followed by its franchise's
 * shorts and TV specials: the kept lists of 14 franchises changed).
 * 6: decision 0055 (a documentary's neighbours from a model of documentaries: the kept lists of
 * documentaries changed).
 * 5: decisions 0052–0054 (a film's place keywords count as one; hubness counts appearances after
 * seeds of the film's own kind for a fifth; the main genre by what it says: the kept lists changed).
 * 4: decision 0035 ("more like this" with era affinity, documentary as a kind, audience and other
 * franchises' sequels: the kept neighbour lists changed meaning, so an older model's lists are not
 * served).
 * 3: decision 0027 (collaborative neighbours and genres for `POST /recommend/user`; also the first
 * format after decision 0026's ranking). A model of any other format on disk is not served: the
 * service builds a new one at start, as on a fresh machine (2: issue 13 before 0026; 1: before).
 */
export const ARTIFACT_FORMAT = 11;

/** What the service serves: precomputed neighbours per movie, and facts about how they were made. */
export interface ModelArtifact {
  format: number;
  version: string;
  algorithm: string;
  trained_at: string;
  params: Record<string, number | string>;
  sources: {
    catalog_movies: number;
    ratings?: { path: string; interactions: number; users: number; items: number };
    product_signals?: number;
    /** signalsFingerprint of the product signals trained on. */
    product_signals_sha256?: string;
    /** The synced catalog's generation (`catalog/current.json`) its lists follow; absent offline. */
    catalog_generation?: number;
    /** The last fold of a synced catalog into this model (decision 0085): the model it started from, and what changed. */
    folded?: { from: string; at: string; added: number; changed: number; removed: number; lists: number };
  };
  items: number;
  /** tmdbId → average rating on TMDB's 0–10 scale. */
  ratings: Record<string, number>;
  /** tmdbId → [neighbour tmdbId, score, neighbour tmdbId, score, …], best first. */
  neighbours: Record<string, number[]>;
  /** tmdbId → collaborative neighbours [id, cosine, …] best first ("For you" over a history); absent without collaborative data. */
  collaborative?: Record<string, number[]>;
  /** tmdbId → genre ids, main first ("For you" keeps popular-lately picks within the person's genres). */
  genres?: Record<string, number[]>;
  /** Popular lately in the collaborative data ("For you"'s prior), best first; absent or empty without it. */
  trending?: TrendingItem[];
  /** tmdbId → `contentFingerprint` of the film as this model saw it: what a fold compares (decision 0085). */
  fingerprints?: Record<string, number>;
  evaluation?: unknown;
}

export const modelsDir = (dataDir: string) => join(dataDir, 'models');
const pointer = (dataDir: string) => join(modelsDir(dataDir), 'current');

/**
 * Per-film entries written to files as a training makes them (its kept lists, ratings, genres and
 * fingerprints), not held: at a million films the lists alone were ~0.9 GB of the trainer's
 * memory (issue 45, decision 0103). `writeArtifact` copies each field's file into the model.
 */
export class StreamedFields {
  private readonly files = new Map<string, { path: string; fd: number; parts: string[]; size: number }>();

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  has(field: string): boolean {
    return this.files.has(field);
  }

  /** One film's entry of a per-film field, in the JSON the model holds. */
  put(field: string, id: number, value: unknown): void {
    let f = this.files.get(field);
    if (!f) {
      const path = join(this.dir, `streamed-${field}.${process.pid}.tmp`);
      f = { path, fd: openSync(path, 'w+'), parts: [], size: 0 };
      this.files.set(field, f);
    } else f.parts.push(',');
    const s = `${JSON.stringify(String(id))}:${JSON.stringify(value)}`;
    f.parts.push(s);
    f.size += s.length;
    if (f.size > 1 << 20) this.flush(f);
  }

  private flush(f: { fd: number; parts: string[]; size: number }): void {
    if (f.parts.length) writeSync(f.fd, f.parts.join(''));
    f.parts = [];
    f.size = 0;
  }

  /** Writes a field's entries to `fd` (in 1 MB pieces). */
  copyTo(field: string, fd: number): void {
    const f = this.files.get(field)!;
    this.flush(f);
    const buf = Buffer.allocUnsafe(1 << 20);
    let at = 0;
    for (;;) {
      const n = readSync(f.fd, buf, 0, buf.length, at);
      if (n === 0) break;
      writeSync(fd, buf, 0, n);
      at += n;
    }
  }

  /** Closes and removes the files. */
  dispose(): void {
    for (const f of this.files.values()) {
      closeSync(f.fd);
      rmSync(f.path, { force: true });
    }
    this.files.clear();
  }
}

/** Writes a new artifact, then points `current` at it (both by rename: readers never see half a file). */
export function writeArtifact(dataDir: string, artifact: ModelArtifact, streamed?: StreamedFields): string {
  const dir = modelsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const name = artifactFileName(artifact.version);
  const tmp = join(dir, `${name}.${process.pid}.tmp`);
  writeArtifactFile(tmp, artifact, streamed);
  renameSync(tmp, join(dir, name));
  pointCurrentAt(dataDir, name);
  pruneArtifacts(dataDir);
  return join(dir, name);
}

/** The fields a model keeps per film: written entry by entry. */
const PER_FILM = new Set(['ratings', 'neighbours', 'collaborative', 'genres', 'fingerprints']);

/**
 * The artifact as JSON.stringify writes it, but in pieces of about 1 MB: a catalog of a million
 * films makes a model larger than one JavaScript string can hold (~512 MB), and the whole string
 * was a second copy of the model in the trainer's memory (issue 45).
 */
export function writeArtifactFile(path: string, artifact: ModelArtifact, streamed?: StreamedFields): void {
  const fd = openSync(path, 'w');
  try {
    let parts: string[] = [];
    let size = 0;
    const flush = () => {
      if (parts.length) writeSync(fd, parts.join(''));
      parts = [];
      size = 0;
    };
    const put = (s: string) => {
      parts.push(s);
      size += s.length;
      if (size > 1 << 20) flush();
    };
    put('{');
    let first = true;
    for (const [key, value] of Object.entries(artifact) as [string, unknown][]) {
      if (value === undefined) continue;
      put(`${first ? '' : ','}${JSON.stringify(key)}:`);
      first = false;
      if (!PER_FILM.has(key) || !value || typeof value !== 'object') {
        put(JSON.stringify(value));
        continue;
      }
      put('{');
      if (streamed?.has(key)) {
        // The entries the training wrote as it made them (the artifact's own record is empty).
        flush();
        streamed.copyTo(key, fd);
        put('}');
        continue;
      }
      let firstEntry = true;
      for (const [id, x] of Object.entries(value as Record<string, unknown>)) {
        if (x === undefined) continue;
        put(`${firstEntry ? '' : ','}${JSON.stringify(id)}:${JSON.stringify(x)}`);
        firstEntry = false;
      }
      put('}');
    }
    put('}');
    flush();
  } finally {
    closeSync(fd);
  }
}

/** A model's file name in DATA_DIR/models. */
export const artifactFileName = (version: string) => `recommender-${version}.json`;
/** The version a model file's name carries (null: not a model file). */
export function versionOfFile(name: string): string | null {
  const m = /^recommender-(.+)\.json$/.exec(name);
  return m ? m[1]! : null;
}

/** Points `current` at a model file already in DATA_DIR/models (by rename: readers never see half a name). */
export function pointCurrentAt(dataDir: string, name: string): void {
  const ptmp = `${pointer(dataDir)}.${process.pid}.tmp`;
  writeFileSync(ptmp, name);
  renameSync(ptmp, pointer(dataDir));
}

/** Models kept on disk: the served one and the ones just before it (to go back by hand). */
export const KEPT_ARTIFACTS = 3;
const ARTIFACT_FILE = /^recommender-.+\.json$/;
const STALE_TMP_MS = 60 * 60 * 1000;

/**
 * Retraining writes a new model (tens of MB for the full catalog) every time the signals change:
 * keep the newest KEPT_ARTIFACTS and never the one `current` names, and clear temporary files a
 * stopped training left behind over an hour ago.
 */
export function pruneArtifacts(dataDir: string, keep = KEPT_ARTIFACTS, now = Date.now()): string[] {
  const dir = modelsDir(dataDir);
  const current = currentArtifactName(dataDir);
  const files = readdirSync(dir);
  const old = files
    .filter((f) => ARTIFACT_FILE.test(f))
    .sort()
    .reverse()
    .slice(keep)
    .filter((f) => f !== current);
  const staleTmp = files.filter((f) => {
    if (!f.endsWith('.tmp')) return false;
    try {
      return now - statSync(join(dir, f)).mtimeMs > STALE_TMP_MS;
    } catch {
      return false; // renamed away meanwhile
    }
  });
  const removed = [...old, ...staleTmp];
  for (const f of removed) rmSync(join(dir, f), { force: true });
  return removed;
}

export function currentArtifactName(dataDir: string): string | null {
  const p = pointer(dataDir);
  return existsSync(p) ? readFileSync(p, 'utf8').trim() || null : null;
}

export function readArtifact(dataDir: string, name: string): ModelArtifact {
  // A million films' model is 1 GB: more than one string can hold (large-json.ts).
  const a = readJsonFile(join(modelsDir(dataDir), name)) as ModelArtifact;
  if (a.format !== ARTIFACT_FORMAT) throw new Error(`unsupported model format ${a.format}`);
  return a;
}

/**
 * The MovieLens folder a model on disk was trained with, whatever its format: a model of an older
 * format is not served but rebuilt, and the rebuild keeps its collaborative data.
 */
export function ratingsPathOf(dataDir: string, name: string): string | undefined {
  try {
    const a = readJsonFile(join(modelsDir(dataDir), name)) as Partial<ModelArtifact>;
    const path = a.sources?.ratings?.path;
    return typeof path === 'string' ? path : undefined;
  } catch {
    return undefined;
  }
}

export function newVersion(now = new Date()): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}
