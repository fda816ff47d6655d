import { GENRE_NAMES, type CatalogMovie } from '@app/catalog';
import type { Scored } from './retrieve';
import { GENRE, LANGUAGE_PHRASES, MOODS } from './understand/lexicon';
import { hasRequest, type Query } from './understand/query';

/**
 * The replies' words. One family of wordings per situation, so that the evaluation can check them
 * with fixed markers: a title not in the catalog → "isn't in our catalog"; a part of the request
 * not applied → "I couldn't" / "I didn't catch"; off-topic → "I can only help with movies".
 */
export const NOT_IN_CATALOG = "isn't in our catalog";
export const SAID_SO_MARKERS = [
  NOT_IN_CATALOG,
  "I couldn't",
  "I didn't catch",
  'I can only help with movies',
  "I can't",
];

export const GREETING =
  'Hi! I\'m the Cinelog movie guide. What do you feel like watching? A mood ("something funny"), a film you liked ("like Heat"), a genre, a decade or a length all work.';
export const OFF_TOPIC =
  "I can only help with movies, so I'll leave that one. What are you in the mood for? A genre, a film you liked or a decade is enough for me to suggest something.";
export const CLARIFY =
  'I\'d love to help you find something! What are you in the mood for: something funny, scary, romantic, thrilling or mind-bending? You can also name a movie you liked ("like Interstellar"), a genre, a decade ("80s") or a length ("under 2 hours").';

export const esc = (s: string) => s.replace(/([\\[\]*_`])/g, '\\$1');
const yearOf = (m: CatalogMovie) => (m.release_date ? Number(m.release_date.slice(0, 4)) : NaN);
export const movieLink = (m: CatalogMovie) =>
  `**[${esc(m.title)}](/movie/${m.id})**${m.release_date ? ` (${m.release_date.slice(0, 4)})` : ''}`;

const LANGUAGE_NAMES: Record<string, string> = Object.fromEntries(
  LANGUAGE_PHRASES.map(([code, phrases]) => [code, phrases[0]!.replace(/^\w/, (c) => c.toUpperCase())]),
);
LANGUAGE_NAMES.cn = 'Cantonese';
LANGUAGE_NAMES.hi = 'Hindi';
LANGUAGE_NAMES.en = 'English';

const NOUN: [number, string][] = [
  [GENRE.documentary, 'documentary'],
  [GENRE.western, 'western'],
  [GENRE.music, 'musical'],
  [GENRE.comedy, 'comedy'],
  [GENRE.drama, 'drama'],
  [GENRE.thriller, 'thriller'],
  [GENRE.horror, 'horror film'],
  [GENRE.romance, 'romance'],
  [GENRE.mystery, 'mystery'],
  [GENRE.adventure, 'adventure'],
  [GENRE.action, 'action film'],
  [GENRE.war, 'war film'],
  [GENRE.fantasy, 'fantasy'],
  [GENRE.scifi, 'sci-fi film'],
  [GENRE.animation, 'animated film'],
  [GENRE.crime, 'crime film'],
  [GENRE.history, 'historical film'],
  [GENRE.family, 'family film'],
];
const ADJECTIVE: Record<number, string> = {
  [GENRE.crime]: 'crime',
  [GENRE.scifi]: 'sci-fi',
  [GENRE.romance]: 'romantic',
  [GENRE.animation]: 'animated',
  [GENRE.family]: 'family',
  [GENRE.history]: 'historical',
  [GENRE.war]: 'war',
  [GENRE.fantasy]: 'fantasy',
  [GENRE.mystery]: 'mystery',
  [GENRE.horror]: 'horror',
  [GENRE.action]: 'action',
  [GENRE.music]: 'musical',
  [GENRE.comedy]: 'comic',
  [GENRE.thriller]: 'suspense',
  [GENRE.adventure]: 'adventure',
  [GENRE.western]: 'western',
};

/** "crime drama", "animated comedy", "sci-fi action film": a film's genres as a person says them. */
export function genrePhrase(genres: readonly number[]): string {
  const noun = NOUN.find(([g]) => genres.includes(g));
  if (!noun) return 'film';
  const adj = genres.map((g) => (g !== noun[0] ? ADJECTIVE[g] : undefined)).find(Boolean);
  const phrase = adj && !noun[1].startsWith(adj) ? `${adj} ${noun[1]}` : noun[1];
  return phrase.replace('comic comedy', 'comedy');
}

const article = (s: string) => (/^([aeiou]|8|18\d\d|11\b)/i.test(s) ? `an ${s}` : `a ${s}`);
const list = (xs: string[], joiner = 'and') =>
  xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} ${joiner} ${xs[xs.length - 1]}`;
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).replace(/\s+\S*$/, '')}…` : s);

function era(m: CatalogMovie): string {
  const y = yearOf(m);
  if (!Number.isFinite(y)) return '';
  if (y >= 2010) return `${y}`;
  if (y >= 2000) return '2000s';
  return `${Math.floor((y % 100) / 10)}0s`;
}

/** The first sentence of the overview, short: what the film is about. */
function hook(m: CatalogMovie): string {
  const first = m.overview.split(/(?<=[.!?])\s+(?=[A-Z])/)[0] ?? '';
  return first ? clip(first.trim(), 120) : '';
}

/** One reason per pick, from the film's data and what the user asked for. */
export function reasonFor(p: Scored, q: Query, seed: CatalogMovie | null): string {
  const m = p.movie;
  const kind = genrePhrase(m.genre_ids);
  const e = era(m);
  const parts: string[] = [];
  if (seed) {
    // What the two films share is in the kind and the summary; raw keyword lists read as tags.
    parts.push(`Like ${esc(seed.title)}, ${article(`${e ? `${e} ` : ''}${kind}`)}`);
  } else if (p.matched.length) {
    parts.push(
      `${article(`${e ? `${e} ` : ''}${kind}`).replace(/^./, (c) => c.toUpperCase())} about ${list(p.matched.slice(0, 2))}`,
    );
  } else {
    parts.push(article(`${e ? `${e} ` : ''}${kind}`).replace(/^./, (c) => c.toUpperCase()));
  }
  if (q.languages.length || m.original_language !== 'en') {
    const lang = LANGUAGE_NAMES[m.original_language];
    if (lang) parts[0] += ` in ${lang}`;
  }
  const extras: string[] = [];
  // The star rating is on the line already; the vote count backs it when a rating was asked for.
  if (q.minRating !== undefined)
    extras.push(`rated ${m.vote_average.toFixed(1)} by ${m.vote_count.toLocaleString('en-US')} viewers`);
  if ((q.runtimeMax !== undefined || q.runtimeMin !== undefined) && m.runtime)
    extras.push(`${m.runtime} minutes`);
  const h = hook(m);
  return `${parts[0]}${extras.length ? ` (${extras.join(', ')})` : ''}.${h ? ` ${esc(h)}` : ''}`;
}

const PLURALS: Record<string, string> = {
  comedy: 'comedies',
  documentary: 'documentaries',
  mystery: 'mysteries',
  fantasy: 'fantasy films',
  'sci-fi film': 'sci-fi films',
};
function plural(phrase: string, n: number): string {
  if (n === 1) return phrase;
  const last = phrase.split(' ').pop()!;
  const p = PLURALS[last] ?? (last.endsWith('s') ? last : `${last}s`);
  return `${phrase.slice(0, phrase.length - last.length)}${p}`;
}

/** What was understood, in the user's terms: "funny sci-fi films from the 90s without aliens". */
export function restate(q: Query, seed: CatalogMovie | null, n: number): string {
  const moods = q.moods.filter((m) => m !== 'classic');
  // "romantic films", not "romantic romances": a mood's own genre is not named twice.
  const moodGenre = new Set(
    MOODS.filter((m) => moods.includes(m.mood) && m.genres?.length === 1).map((m) => m.genres![0]!),
  );
  const single = q.genreGroups.filter((g) => g.length === 1 && !moodGenre.has(g[0]!)).map((g) => g[0]!);
  const noun = single.length ? plural(genrePhrase(single), n) : 'films';
  const subject = [...moods, noun].join(' ');
  const bits: string[] = [subject];
  if (q.languages.length)
    bits.push(
      q.languages.map((l) => (l === '!en' ? 'not in English' : `in ${LANGUAGE_NAMES[l] ?? l}`)).join(' or '),
    );
  if (seed) bits.push(`like ${movieLink(seed)}`);
  if (q.keywordsIn.length) bits.push(`about ${list(q.keywordsIn, 'or')}`);
  if (
    q.yearFrom !== undefined &&
    q.yearTo !== undefined &&
    q.yearTo - q.yearFrom === 9 &&
    q.yearFrom % 10 === 0
  )
    bits.push(`from the ${q.yearFrom}s`);
  else if (q.yearFrom !== undefined && q.yearFrom === q.yearTo) bits.push(`from ${q.yearFrom}`);
  else if (q.yearFrom !== undefined && q.yearTo !== undefined) bits.push(`from ${q.yearFrom} to ${q.yearTo}`);
  else if (q.yearFrom !== undefined) bits.push(`from ${q.yearFrom} on`);
  else if (q.yearTo !== undefined) bits.push(`up to ${q.yearTo}`);
  if (q.runtimeMax !== undefined && q.runtimeMin !== undefined)
    bits.push(`between ${q.runtimeMin} and ${q.runtimeMax} minutes`);
  else if (q.runtimeMax !== undefined) bits.push(`under ${q.runtimeMax} minutes`);
  else if (q.runtimeMin !== undefined) bits.push(`over ${q.runtimeMin} minutes`);
  if (q.minRating !== undefined) bits.push(`rated ${q.minRating.toFixed(1)} or more`);
  const without = [...q.genresOut.map((g) => GENRE_NAMES.get(g)!.toLowerCase()), ...q.keywordsOut];
  if (without.length) bits.push(`without ${list(without, 'or')}`);
  // Comparatives the user gave; a mood's own leaning ("scary" is dark) goes without saying.
  const moodSays = (m: string[]) => moods.some((x) => m.includes(x));
  if (q.soft.dark === 1 && !moodSays(['scary', 'dark', 'sad', 'violent']))
    bits.push(seed ? 'but darker' : 'on the darker side');
  if (q.soft.dark === -1 && !moodSays(['feel-good', 'cosy', 'inspiring']))
    bits.push(seed ? 'but lighter' : 'on the lighter side');
  if (q.soft.funny && !moodSays(['funny'])) bits.push(seed ? 'but funnier' : 'with more laughs');
  return bits.join(' ');
}

export function intro(q: Query, seed: CatalogMovie | null, n: number): string {
  const count = n === 1 ? 'one' : String(n);
  if (q.followUp === 'another') return `Here ${n === 1 ? 'is one more' : `are ${count} more`}:`;
  if (q.followUp === 'newer') return `Here are ${count} more recent ones:`;
  if (q.followUp === 'older') return `Here are ${count} older ones:`;
  if (q.person && !seed) return `Here are ${count} films with ${esc(q.person)}:`;
  if (seed && typeof q.followUp === 'object') return `More like ${esc(seed.title)}:`;
  if (q.vague && !hasRequest(q))
    return `Here ${n === 1 ? 'is one' : `are ${count}`} crowd favourites to start with (tell me a mood, a genre or a film you liked to narrow it down):`;
  return `Here ${n === 1 ? 'is one' : `are ${count}`} ${restate(q, seed, n)}:`;
}

/** Notes on what could not be applied, in plain words. */
export function notes(q: Query, relaxed: string[], found: number): string[] {
  const out: string[] = [];
  if (q.unknown.length)
    out.push(
      `I didn't catch "${q.unknown.slice(0, 3).join('", "')}", so I left ${q.unknown.length === 1 ? 'it' : 'them'} out.`,
    );
  if (relaxed.length)
    out.push(
      `I couldn't find enough films about ${list(relaxed, 'or')} that fit the rest, so some of these only match the rest of your request.`,
    );
  if (found > 0 && found < 3)
    out.push(`I couldn't find more than ${found === 1 ? 'this one' : 'these two'} that fit everything.`);
  return out;
}

export function renderPicks(
  introLine: string,
  picks: { movie: CatalogMovie; reason: string }[],
  outro: string,
): string {
  const lines = picks.map(
    (p, i) => `${i + 1}. ${movieLink(p.movie)} · ★ ${p.movie.vote_average.toFixed(1)} — ${p.reason}`,
  );
  return `${introLine}\n\n${lines.join('\n')}\n\n${outro}`.trim();
}

export function outro(q: Query, extra: string[]): string {
  const next = q.followUp
    ? 'Say "another" for more, "something more recent", or "more like the second one".'
    : 'Want more? Ask for "another", "darker" or "lighter", or "more like the first one".';
  return [...extra, next].join(' ');
}

/** A named title that is not in the catalog: said plainly, with the nearest title as a question. */
export function notInCatalog(text: string, closest: CatalogMovie | null): string {
  const head = `"${esc(text)}" ${NOT_IN_CATALOG} (it holds films released up to mid-2017).`;
  const near = closest
    ? ` The closest title I have is ${movieLink(closest)}; if that's the one you meant, say "like ${esc(closest.title)}".`
    : '';
  return `${head}${near}`;
}

export const NOTHING_FITS =
  "I couldn't find anything new that fits all of that. Could you loosen one of the conditions (a wider range of years, another genre), or try a different mood?";
