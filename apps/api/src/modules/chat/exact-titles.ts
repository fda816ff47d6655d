import type { CatalogIndex, CatalogMovie } from '@app/catalog';
import { foldAccents } from './understand/text';
import { LOCAL_TITLES } from './understand/titles';

/** Roman numerals of sequels, said either way ("part II", "part 2"). */
const ROMAN: Record<string, string> = { ii: '2', iii: '3', iv: '4', vi: '6', vii: '7', viii: '8', ix: '9' };

/** A title's words as typed titles are matched: lower case, no accents or punctuation. */
export const titleWords = (s: string) =>
  foldAccents(s.toLowerCase())
    // "Alien³" is "alien 3" as typed (decision 0134).
    .replace(/[²³]/g, (d) => ` ${d === '²' ? 2 : 3}`)
    // "Keeper's" is one word: a possessive "s" is no word of its own to match.
    .replace(/['’]s\b/g, 's')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((w) => ROMAN[w] ?? w);

/** Films per task when built in slices: about 10 ms of work at a time on this machine. */
const SLICE = 2_000;

/** Leading articles a local title may be typed without ("padrino" for "Il padrino"). */
const ARTICLE = /^(el|la|le|les|il|lo|o|a|der|die|das|los)$/;

/**
 * The chat's exact titles: each film's words (its title, original title and, for a well-known
 * film, the title before a subtitle) → the films, plus the best-known films' names in other
 * languages ("Il padrino", "Le Parrain"). It grows with the catalog (1.8 s in one task at 180k
 * films, about 10 s at a million), so a server builds it once listening, in slices (`build`);
 * `buildNow` is the same index in one task, for a first use before that.
 */
export function buildExactTitlesNow(catalog: CatalogIndex): Map<string, CatalogMovie[]> {
  const titles = new Map<string, CatalogMovie[]>();
  addFilms(titles, catalog.popular, 0, catalog.popular.length);
  addLocalTitles(titles, catalog);
  return titles;
}

/** The same index as `buildExactTitlesNow`, built in slices so that requests are served between them. */
export async function buildExactTitles(catalog: CatalogIndex): Promise<Map<string, CatalogMovie[]>> {
  const titles = new Map<string, CatalogMovie[]>();
  const films = catalog.popular;
  for (let from = 0; from < films.length; from += SLICE) {
    addFilms(titles, films, from, Math.min(films.length, from + SLICE));
    await new Promise((r) => setImmediate(r));
  }
  addLocalTitles(titles, catalog);
  return titles;
}

function addFilms(
  titles: Map<string, CatalogMovie[]>,
  films: readonly CatalogMovie[],
  from: number,
  to: number,
) {
  for (let i = from; i < to; i++) {
    const m = films[i]!;
    const known = m.vote_count >= 300;
    const main = known ? m.title.split(/: | - /)[0]! : m.title;
    const names = [m.title, m.original_title, main, ...(known ? subtitleOf(m.title) : [])];
    // "shawshank redemption", "big lebowski": a well-known title typed without its article.
    if (known) names.push(...names.map(withoutArticle).filter((t): t is string => t !== null));
    for (const t of new Set(names)) {
      const k = titleWords(t).join(' ');
      // A title in a script the matcher does not read ("千と千尋の神隠し") has no words to match.
      if (!k) continue;
      const list = titles.get(k);
      if (list) list.push(m);
      else titles.set(k, [m]);
    }
  }
}

/**
 * Whether typed words (`titleWords` joined) are a film's whole title, not only a part of it: "star
 * wars" is Star Wars (1977), which the index also lists under The Force Awakens' main title.
 */
export function isWholeTitle(key: string, m: CatalogMovie): boolean {
  return [m.title, m.original_title, withoutArticle(m.title) ?? ''].some(
    (t) => titleWords(t).join(' ') === key,
  );
}

/** A title without its leading English article, when two words or more are left ("The Big Lebowski"). */
function withoutArticle(title: string): string | null {
  const rest = /^(?:the|a|an) (.+)$/i.exec(title.trim())?.[1];
  return rest && titleWords(rest).length >= 2 ? rest : null;
}

/** Words of a subtitle that name nothing on their own ("The Movie", "Part 2", "Chapter One"). */
const GENERIC_SUBTITLE =
  /^(?:the |a )?(?:movie|film|motion picture|part|chapter|episode|volume|vol|book|the beginning|the end|\d+)\b/;

/**
 * A well-known film's subtitle, as people name it ("fury road" for "Mad Max: Fury Road", "the two
 * towers"): two words at least, and not a generic one ("The Movie", "Part 2").
 */
function subtitleOf(title: string): string[] {
  const at = title.search(/: | - /);
  if (at < 0) return [];
  const sub = title.slice(at + 2).trim();
  const words = titleWords(sub).filter((w) => w !== 'the' && w !== 'a');
  return words.length >= 2 && !GENERIC_SUBTITLE.test(titleWords(sub).join(' ')) ? [sub] : [];
}

function addLocalTitles(titles: Map<string, CatalogMovie[]>, catalog: CatalogIndex) {
  for (const [id, names] of LOCAL_TITLES) {
    const m = catalog.get(id);
    if (!m) continue;
    for (const t of names) {
      const words = titleWords(t);
      const k = words.join(' ');
      const list = titles.get(k) ?? [];
      if (!list.includes(m)) titles.set(k, [...list, m]);
      const b = words.filter((w, i) => i > 0 || !ARTICLE.test(w)).join(' ');
      if (b && b !== k && !titles.has(b)) titles.set(b, [m]);
    }
  }
}

/** Where a message's sentences end, and what joins the items of a list in one. */
const SENTENCE_END = /[.!?;:\n]+/;
/** Words that open a list's item without being part of it ("no bambi, no up"), and that pad its end. */
const ITEM_LEAD = /^(?:no|not|nor|never|so|also|maybe|definitely|even)$/;
const ITEM_PADDING = /^(?:lol|lmao|haha|pls|please|etc|either|too)$/;

/** A list item's words less its opening and padding words, and the opening word said ("no"). */
function listItem(words: string[]): { key: string; lead: string } {
  let from = 0;
  let lead = '';
  while (from < words.length - 1 && ITEM_LEAD.test(words[from]!)) lead = words[from++]!;
  let to = words.length;
  while (to > from + 1 && ITEM_PADDING.test(words[to - 1]!)) to--;
  return { key: words.slice(from, to).join(' '), lead };
}

const LIST_JOIN = /\s*(?:,|\/|\+|&|[—–]|\s-\s|\band\b|\bor\b|\bplus\b)\s*/i;

/**
 * Decision 0133: the films a list names beside a title typed ("seen inception, interstellar and the
 * prestige"): the items of a list are of one kind, so an item next to one that ends with a named
 * film's title (or next to an item taken so) is a film too when it is a well-known film's whole
 * title, even a word other films' texts use ("interstellar"). `isWord` keeps the lexicon's and the
 * catalog keywords' words out ("inception and horror").
 */
export function listedTitles(
  message: string,
  named: readonly CatalogMovie[],
  exact: ReadonlyMap<string, CatalogMovie[]>,
  isWord: (w: string) => boolean,
  minVotes: number,
): CatalogMovie[] {
  if (!named.length) return [];
  const namedKeys = named.map((m) => titleWords(m.title).join(' '));
  const found: CatalogMovie[] = [];
  for (const sentence of message.split(SENTENCE_END)) {
    const said = sentence.split(LIST_JOIN).map((item) => listItem(titleWords(item)));
    const items = said.map((item) => item.key);
    if (items.length < 2) continue;
    // Decision 0143: an item said as its neighbours are ("no bambi, no up, no lion king") is of
    // their kind, even a plain word ("up").
    const parallel = (i: number) =>
      !!said[i]!.lead && (said[i - 1]?.lead === said[i]!.lead || said[i + 1]?.lead === said[i]!.lead);
    const film = items.map((key, i) => {
      if (!key || (isWord(key) && !parallel(i))) return null;
      return (exact.get(key) ?? []).find((m) => m.vote_count >= minVotes) ?? null;
    });
    const taken = items.map((key) => namedKeys.some((t) => key === t || key.endsWith(` ${t}`)));
    // Outward from each item taken, as far as the list goes on naming films.
    for (let changed = true; changed;) {
      changed = false;
      items.forEach((_, i) => {
        if (taken[i] || !film[i] || !(taken[i - 1] || taken[i + 1])) return;
        taken[i] = true;
        found.push(film[i]!);
        changed = true;
      });
    }
  }
  return found;
}
