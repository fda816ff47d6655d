import { GENRE_NAMES, type CatalogMovie } from '@app/catalog';
import { folded, kindText } from './about-shown';
import { forChildren } from './retrieve';
import { askedTheme } from './themes';
import { GENRE } from './understand/lexicon';
import { inEveryLanguage, saysOneOf } from './understand/lexicon/index';
import { withinRuntimeMax, type Query } from './understand/query';
import { normalize } from './understand/text';
import { duration, languageName } from './wording';

/**
 * Decision 0114: "are any of those good for young kids?", "any of those under 100 minutes?",
 * "which of these is from before 2000?": a constraint asked of the films just shown. Each check
 * comes from the message's own request (the constraints understanding read in it), says what it
 * asks ("under 100 minutes") and why a film fits ("runs 91 minutes").
 */
export interface FitCheck {
  /** The constraint in words, after "is" / "are" ("under 100 minutes", "for young children"). */
  asked: string;
  fits: (m: CatalogMovie) => boolean;
  /** What about the film shows whether it fits ("91 minutes", "1994", "a family documentary"). */
  why: (m: CatalogMovie) => string;
}

const yearOf = (m: CatalogMovie) => Number(m.release_date?.slice(0, 4));
/** A film's year is said with its title already. */
const yearText = (m: CatalogMovie) => (m.release_date ? '' : 'year unknown');
const runtimeText = (m: CatalogMovie) => (m.runtime ? `${m.runtime} minutes` : 'length unknown');

const KID_GENRES = new Set<number>([GENRE.family, GENRE.animation, GENRE.documentary]);
const GROWN_UP_GENRES = new Set<number>([GENRE.horror, GENRE.thriller, GENRE.crime, GENRE.war]);
/**
 * A film for children of `age` (none given: young ones, 8): as retrieval has it (`forChildren`),
 * and a documentary or cartoon with none of the grown-up genres (a nature documentary is).
 */
const forKids =
  (age = 8) =>
  (m: CatalogMovie) =>
    forChildren(m, age) ||
    (m.genre_ids.some((g) => g === GENRE.documentary || g === GENRE.animation) &&
      !m.genre_ids.some((g) => GROWN_UP_GENRES.has(g)));
const kidWhy = (m: CatalogMovie) =>
  m.genre_ids.some((g) => KID_GENRES.has(g)) && !m.genre_ids.some((g) => GROWN_UP_GENRES.has(g))
    ? `${kindText(m)}, nothing frightening in its genres`
    : kindText(m);

/** Whether a group of genres is the children's group understanding reads from "kids", "family". */
const isKidsGroup = (grp: readonly number[]) => grp.includes(GENRE.family);

const runtimeChecks = (q: Query): FitCheck[] => [
  ...(q.runtimeMax !== undefined
    ? [
        {
          asked: `under ${duration(q.runtimeMax)}`,
          fits: (m: CatalogMovie) => withinRuntimeMax(m.runtime, q),
          why: runtimeText,
        },
      ]
    : []),
  ...(q.runtimeMin !== undefined && !q.runtimeImplied
    ? [
        {
          asked: `over ${duration(q.runtimeMin)}`,
          fits: (m: CatalogMovie) => !!m.runtime && m.runtime >= q.runtimeMin!,
          why: runtimeText,
        },
      ]
    : []),
];

const yearChecks = (q: Query): FitCheck[] => {
  const from = q.yearFrom;
  const to = q.yearTo;
  if (from === undefined && to === undefined) return [];
  const asked =
    from !== undefined && to !== undefined
      ? `from ${from} to ${to}`
      : from !== undefined
        ? `from ${from} or later`
        : `from before ${to! + 1}`;
  return [
    {
      asked,
      fits: (m) => (from === undefined || yearOf(m) >= from) && (to === undefined || yearOf(m) <= to),
      why: yearText,
    },
  ];
};

const genreName = (g: number) => GENRE_NAMES.get(g)?.toLowerCase() ?? 'that genre';

const genreChecks = (q: Query): FitCheck[] => {
  const checks: FitCheck[] = [];
  const kids = q.childAge !== undefined || q.genreGroups.some(isKidsGroup);
  if (kids)
    checks.push({
      asked: q.childAge !== undefined ? `for a ${q.childAge} year old` : 'for young children',
      fits: forKids(q.childAge),
      why: kidWhy,
    });
  for (const grp of q.genreGroups) {
    if (isKidsGroup(grp) || q.moodGroups?.length) continue;
    checks.push({
      asked: grp.map(genreName).join(' or '),
      fits: (m) => grp.some((g) => m.genre_ids.includes(g)),
      why: kindText,
    });
  }
  if (q.genresOut.length)
    checks.push({
      asked: `free of ${q.genresOut.map(genreName).join(' and ')}`,
      fits: (m) => !m.genre_ids.some((g) => q.genresOut.includes(g)),
      why: kindText,
    });
  return checks;
};

const otherChecks = (q: Query): FitCheck[] => [
  ...(q.languages.length
    ? [
        {
          asked: `in ${q.languages.map((l) => (l === '!en' ? 'another language than English' : languageName(l))).join(' or ')}`,
          fits: (m: CatalogMovie) =>
            q.languages.some((l) => (l === '!en' ? m.original_language !== 'en' : m.original_language === l)),
          why: (m: CatalogMovie) => `in ${languageName(m.original_language)}`,
        },
      ]
    : []),
  ...(q.minRating !== undefined
    ? [
        {
          asked: `rated ${q.minRating} or more`,
          fits: (m: CatalogMovie) => m.vote_average >= q.minRating!,
          why: (m: CatalogMovie) => `rated ${m.vote_average.toFixed(1)}`,
        },
      ]
    : []),
  ...(q.keywordsIn.length
    ? [
        {
          // The words a theme is said in ("a true story", not the tag "based on true story").
          asked: `about ${[...new Set(q.keywordsIn.map(askedTheme))].join(' or ')}`,
          fits: (m: CatalogMovie) => m.keywords.some((k) => q.keywordsIn.includes(k)),
          why: (m: CatalogMovie) => {
            const k = m.keywords.find((x) => q.keywordsIn.includes(x));
            return `about ${k ? askedTheme(k) : kindText(m)}`;
          },
        },
      ]
    : []),
];

/** The checks a message's own request asks of the films shown (none: it asks nothing checkable). */
export function fitChecks(q: Query): FitCheck[] {
  return [...runtimeChecks(q), ...yearChecks(q), ...genreChecks(q), ...otherChecks(q)];
}

/**
 * Words that select among the films shown ("any of those", "which of these", "¿alguna de esas…?"):
 * data, in the languages read (lexicon `anyOfShown`, `whichOfShown`); in English also a question
 * that opens on them ("are they all rated R?").
 */
const SELECTS_FROM_SHOWN = saysOneOf([...inEveryLanguage('anyOfShown'), ...inEveryLanguage('whichOfShown')]);
const ASKS_OF_THEM =
  /^(?:\w+[,!]?\s+){0,2}(?:are|were|is|would) (?:they|these|those|them)(?: all| ones| films| movies)?\b/;

/** Words that ask for new films, not among those shown ("more like the second", "something shorter"). */
const ASKS_FOR_NEW =
  /\b(?:more like|like the|similar|another|others|something|anything|any (?:other|more|new)|new ones?|more of|recommend|suggest|give me|show me)\b/;

/** "anything in there under 2 hours?", "any on that list for kids?": the list shown, by where it is. */
const IN_THE_LIST =
  /\b(?:anything|any|something|one|ones) (?:in there|(?:in|on|from) (?:that|the|this|your) list)\b/;

/** Whether a message selects among the films shown rather than asking for new ones. */
export const selectsFromShown = (message: string): boolean => {
  const text = folded(message).trim();
  if (IN_THE_LIST.test(text)) return !ASKS_FOR_NEW.test(text.replace(IN_THE_LIST, ' '));
  return (SELECTS_FROM_SHOWN(normalize(message)) || ASKS_OF_THEM.test(text)) && !ASKS_FOR_NEW.test(text);
};

/** The films shown that pass every check, in their shown order. */
export const fitting = (shown: readonly CatalogMovie[], checks: readonly FitCheck[]): CatalogMovie[] =>
  shown.filter((m) => checks.every((c) => c.fits(m)));

/** "91 minutes; in English": why a film fits, each check's fact once ("" when its title says it). */
export const fitReason = (m: CatalogMovie, checks: readonly FitCheck[]): string => {
  const facts = [...new Set(checks.map((c) => c.why(m)).filter(Boolean))];
  return facts.join('; ');
};

/** "under 100 minutes and from before 2000": the constraints in words. */
export const askedText = (checks: readonly FitCheck[]): string => {
  const xs = checks.map((c) => c.asked);
  return xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`;
};
