import type { CatalogIndex } from '@app/catalog';

/** Films per task when built in slices: a few milliseconds of work at a time. */
const SLICE = 5_000;
/** A film is indexed by its keywords once this many people voted on it. */
export const KEYWORD_MIN_VOTES = 20;
/** A keyword is a theme the chat reads once this many indexed films carry it. */
const MIN_FILMS = 8;

const KEYWORD_STOPLIST = new Set(
  `love family friendship friends death sex woman director independent film duringcreditsstinger aftercreditsstinger
  based on novel biography sequel remake musical film movie night day time life money music police murder revenge
  new york suspense comedy drama romance horror thriller war action mystery history animation fantasy crime kids
  children show classic short dark light happy sad funny good great best old new young man woman boy girl`.split(
    /\s+/,
  ),
);

/** The catalog's keywords as the chat reads them: the films of each, and those common enough to be themes. */
export interface ChatKeywords {
  readonly byKeyword: Map<string, Set<number>>;
  /** The keywords on enough films to be read as a request's theme (not a stop-listed one). */
  readonly vocabulary: Set<string>;
}

/**
 * The chat's keyword index in one task. It grows with the catalog (the films with 20+ votes:
 * about 0.5 s at 180k films, a few seconds at a million), so a server builds it once listening,
 * in slices (`buildChatKeywords`); this is for a first use before that (tests, scripts).
 */
export function chatKeywordsNow(catalog: CatalogIndex): ChatKeywords {
  const byKeyword = new Map<string, Set<number>>();
  addFilms(catalog, byKeyword, 0, catalog.popular.length);
  return finish(byKeyword);
}

/** The same index as `chatKeywordsNow`, built in slices so that requests are served between them. */
export async function buildChatKeywords(catalog: CatalogIndex): Promise<ChatKeywords> {
  const byKeyword = new Map<string, Set<number>>();
  const n = catalog.popular.length;
  for (let from = 0; from < n; from += SLICE) {
    addFilms(catalog, byKeyword, from, Math.min(n, from + SLICE));
    await new Promise((r) => setImmediate(r));
  }
  return finish(byKeyword);
}

function addFilms(catalog: CatalogIndex, byKeyword: Map<string, Set<number>>, from: number, to: number) {
  const films = catalog.popular;
  for (let i = from; i < to; i++) {
    const m = films[i]!;
    if (m.vote_count < KEYWORD_MIN_VOTES) continue;
    for (const k of m.keywords) {
      let set = byKeyword.get(k);
      if (!set) byKeyword.set(k, (set = new Set()));
      set.add(m.id);
    }
  }
}

function finish(byKeyword: Map<string, Set<number>>): ChatKeywords {
  const vocabulary = new Set<string>();
  for (const [k, films] of byKeyword)
    if (films.size >= MIN_FILMS && !KEYWORD_STOPLIST.has(k)) vocabulary.add(k);
  return { byKeyword, vocabulary };
}
