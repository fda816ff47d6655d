import type { CatalogMovie } from '@app/catalog';

/**
 * A question about the films just shown ("which of those is the shortest?", "what's the newest
 * one?", "rank them best to worst"): answered from those films, in the order asked, rather than
 * read as a new request (or, with nothing else in it, as off-topic).
 */
export interface ShownOrder {
  /** "shortest", "newest"…: the word the answer uses. */
  word: string;
  /** The value films are ordered by; undefined when a film lacks it (it goes last). */
  value: (m: CatalogMovie) => number | undefined;
  /** Larger first. */
  descending: boolean;
  /** What each film is shown with ("81 minutes", "2004", "★ 8.1 from 2,300 votes"). */
  detail: (m: CatalogMovie) => string;
}

const minutes = (m: CatalogMovie) => (m.runtime ? m.runtime : undefined);
const released = (m: CatalogMovie) => (m.release_date ? Date.parse(m.release_date) : undefined);
const runtimeText = (m: CatalogMovie) => (m.runtime ? `${m.runtime} minutes` : 'length unknown');
const dateText = (m: CatalogMovie) => m.release_date?.slice(0, 4) ?? 'year unknown';
const ratingText = (m: CatalogMovie) =>
  `rated ${m.vote_average.toFixed(1)} by ${m.vote_count.toLocaleString('en-US')} viewers`;

const ORDERS: [RegExp, ShownOrder][] = [
  [
    /\b(shortest|quickest|least long)\b/,
    { word: 'shortest', value: minutes, descending: false, detail: runtimeText },
  ],
  [/\blongest\b/, { word: 'longest', value: minutes, descending: true, detail: runtimeText }],
  [
    /\b(newest|latest|most recent|youngest)\b/,
    { word: 'newest', value: released, descending: true, detail: dateText },
  ],
  [/\b(oldest|earliest)\b/, { word: 'oldest', value: released, descending: false, detail: dateText }],
  [
    /\b(worst|lowest rated|least liked)\b/,
    { word: 'lowest rated', value: (m) => m.vote_average, descending: false, detail: ratingText },
  ],
  [
    /\b(best|highest rated|top rated|best rated|best reviewed|best to worst)\b/,
    { word: 'best rated', value: (m) => m.vote_average, descending: true, detail: ratingText },
  ],
  [
    /\b(most popular|best known|most famous|most watched|most seen)\b/,
    { word: 'best known', value: (m) => m.vote_count, descending: true, detail: ratingText },
  ],
];

/** Words that point back at the films shown. */
const POINTS_BACK =
  /\b(those|these|them|they|the list|this list|your (?:picks|suggestions|list|recommendations)|the ones? you (?:gave|suggested|listed|showed))\b|\bwhich (?:one|is|of)\b|\b(?:rank|sort|order) (?:them|those|these)\b/;

/** The order a message asks of the films just shown, or null when it asks for something else. */
export function askedAboutShown(message: string): ShownOrder | null {
  const text = message.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, ' ');
  if (!POINTS_BACK.test(text)) return null;
  return superlativeIn(text);
}

/** The order a superlative in the text asks for ("which Rocky film is the longest?"), or null. */
export function superlativeIn(message: string): ShownOrder | null {
  const text = message.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, ' ');
  // "best to worst" is a ranking by rating, not the worst first.
  const ranking = /\bbest to worst\b/.test(text);
  for (const [pattern, order] of ORDERS) {
    if (ranking && order.word === 'lowest rated') continue;
    if (pattern.test(text)) return order;
  }
  return null;
}

/** The films in the order asked; those without the value last, in their shown order. */
export function orderShown(films: CatalogMovie[], order: ShownOrder): CatalogMovie[] {
  const known = films.filter((m) => order.value(m) !== undefined);
  const unknown = films.filter((m) => order.value(m) === undefined);
  known.sort((a, b) => (order.value(b)! - order.value(a)!) * (order.descending ? 1 : -1));
  return [...known, ...unknown];
}
