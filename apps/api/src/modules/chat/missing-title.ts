import { isGrammarWord } from './understand/grammar-words';
import {
  AVAILABILITY_FRAME,
  FILLER,
  JUDGED_AS,
  OCCASION_NOUNS,
  SHOW_FILM_PREFIXES,
} from './understand/lexicon';
import { asksForFilms, type Query } from './understand/query';
import { asksForSuggestions } from './understand/suggestions';
import { sentencesOf } from './understand/text';

/**
 * Decision 0118: a title the catalog lacks, typed in lower case where nothing else is read. The
 * reading names a title by its cues ("like X", "do you have X", capitals, quotes); these are the
 * frames it missed, each a place only a title can stand:
 *
 * - the whole message is a name: words the catalog's vectors, keywords and the lexicon do not know
 *   (one of four letters at least), with words of grammar between ("oppenheimer", "encanto?");
 * - a name before "do you have it?" or "where can I watch it?" ("everything everywhere all at once -
 *   where can i watch it on here", "my daughter is begging for encanto, do u have it");
 * - "is X any good?", "is X worth it?" with X no film shown or pointed at;
 * - "pull up X for me", "put on X", "play X": one film asked to be shown, two words or more that
 *   ask for no kind (their words may be themes: "knives out").
 *
 * Ordinary words ("bored", "lighthouse") are known to the vectors or the keywords, so they are
 * never a name on their own.
 */
export interface WordKnowledge {
  /** The word is read by the lexicon, known to the vectors, or a catalog keyword. */
  known(word: string): boolean;
  /** The words, read alone, ask for films ("horror from the 80s", "a comedy"): no title then. */
  asksForFilms(text: string): boolean;
  /** The words ask for a kind of film (a genre, mood, era, length, language), themes aside. */
  asksForKind?(text: string): boolean;
  /** A well-known film whose whole title is exactly these words (lower case, as typed), or null. */
  titled?(words: string): { title: string } | null;
}

const AVAILABILITY_AFTER =
  /^(.+?)\s*[,.…:;!?-]*\s*(?:do (?:you|u|ya) (?:guys )?have (?:it|that|this)|(?:you|u|ya) (?:guys )?got (?:it|that|this)|(?:or )?(?:is|was) (?:it|that) too (?:new|recent)|can (?:you|u) find (?:it|that|this)|where (?:can|do) (?:i|we) (?:watch|see|find|stream) (?:it|that|this)|(?:can|could) (?:i|we) (?:watch|see|find|stream) (?:it|that|this)|is (?:it|that) (?:on here|here|available|in (?:the|your) catalog)|(?:la|lo) (?:tienen|tienes|teneis|tenéis)|(?:vous )?l['’ ]?avez(?: vous)?|(?:habt ihr|haben sie|hast du) (?:ihn|es|sie)|(?:voces|vocês|voce|você) (?:tem|têm)|(?:ce )?l['’ ]?avete)(?![\p{L}])/iu;
const VERDICT_FRAME = new RegExp(
  String.raw`^(?:so |ok |okay |hey )?is (.+?) (?:(?:actually|really|even|still) )?(?:any good|good(?=\s*[?!.,]|$)|${JUDGED_AS}|worth (?:it|watching|a watch|seeing|the hype|the (?:time|wait|watch|runtime|(?:\d+|two|three|four) hours?|hours?))|too (?:scary|violent|gory|dark|long|sad|intense|mature|graphic|disturbing|much) (?:for|to))\b`,
  'i',
);
/** "Top Gun: Maverick – is it any good?", "what did you think of knives out?": the film judged. */
const VERDICT_AFTER =
  /^(.+?)\s*[,.…:;!?–—-]+\s*(?:is it|was it|is that|was that) (?:any good|good|worth (?:it|watching|a watch|seeing|the hype))\b/i;
const OPINION_FRAME =
  /^(?:so |ok |okay |hey )?what (?:did|do) (?:you|u|ya) think (?:of|about) (.+?)(?:[?.!,;]|$)/i;
/** Words that end the name when read back from a frame ("begging for encanto"). */
const BEFORE_NAME =
  /^(?:for|about|called|named|watch|rewatch|re-watch|see|seen|have|of|is|was|the movie|the film|ver|voir|sehen|vedere|assistir)$/;
/** When, after a name ("oppenheimer tonight", "esta noche"): no part of it. */
const WHEN_AFTER_NAME =
  /(?: (?:tonight|today|now|right now|this weekend|esta noche|hoy|ce soir|heute abend|heute|stasera|hoje))+$/;
/** What points at films already shown or said, never a title. */
const POINTER =
  /^(?:it|that|this|they|them|those|these|one|any|either|both|the (?:first|second|third|fourth|fifth|last|\d)|number \d)\b|\bones?$/;

const wordsOf = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' -]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** A word that can only be a name: no word the reading, the vectors or the keywords know. */
const nameWord = (w: string, words: WordKnowledge) =>
  /^\p{L}{4,}$/u.test(w) && !isGrammarWord(w) && !words.known(w);

/** No title or person was read, and the message is no greeting or thanks. */
const namesNothing = (q: Query) => !q.like && !q.person && q.social !== 'greeting' && q.social !== 'thanks';

/** Nothing but a name was read: no genre, mood, theme typed, language, years, length or person. */
const readsNothingElse = (q: Query) => namesNothing(q) && !asksForFilms(q);

/**
 * Decision 0119: the whole message typed as a title is, every word of four letters or more
 * capitalised, two at least, the rest short words ("The Banshees of Inisherin", "Everything
 * Everywhere All at Once"), whatever its words mean: a sentence is not typed so.
 */
function typedAsTitle(text: string): boolean {
  const typed = text.split(/\s+/).filter(Boolean);
  if (typed.length < 2 || typed.length > 8 || text === text.toUpperCase()) return false;
  let capitalised = 0;
  for (const w of typed) {
    const letters = w.replace(/[^\p{L}]/gu, '');
    if (!letters) continue;
    const upper = letters[0] !== letters[0]!.toLowerCase();
    if (upper) capitalised++;
    else if (letters.length > 4) return false;
  }
  return capitalised >= 2 && /^\P{Ll}/u.test(typed[0]!);
}

const FILM_NOUNS = /^(?:movies?|films?|flicks?)$/;

/** A question's opening word. */
const QUESTION_OPENS = /^(?:how|who|what|when|where|why|which)\b/i;

/** Keys struck at random ("asdkfj", "zzzz"): no vowel, five consonants running, a letter thrice. */
const mashed = (w: string) =>
  /\p{L}/u.test(w) && (!/[aeiouy]/.test(w) || /[b-df-hj-np-tv-xz]{5}|(\p{L})\1\1/u.test(w));

/** The whole message a name (its words no theme, or one of them a name), or typed as a title. */
function wholeName(text: string, all: string[], q: Query, words: WordKnowledge): boolean {
  if (all.some((w) => mashed(w.toLowerCase()))) return false;
  // "Who won the 2014 World Cup?": a question about something else, capitals and all, no title.
  if (q.social === 'off-topic' && QUESTION_OPENS.test(text.trim())) return false;
  const named = all.some((w) => nameWord(w, words));
  const whole = all.length > 0 && all.length <= 6 && named;
  if (whole && readsNothingElse(q) && all.every((w) => nameWord(w, words) || isGrammarWord(w))) return true;
  // Its words may read as themes ("banshees"): they are the title's, when one of them is a name.
  const themesOnly = !asksForFilms({ ...q, keywordsIn: [] }) && (!q.keywordsIn.length || named);
  // Words the reading left over make it a name: "Any Suggestions", "Something Good" are read whole.
  const leftOver = q.themeWords.length + q.unknown.length + (q.textWords?.length ?? 0) > 0;
  return themesOnly && leftOver && !all.some((w) => FILM_NOUNS.test(w)) && typedAsTitle(text);
}

/** The name before "do you have it?", "where can I watch it?", or null. */
function availableName(text: string, words: WordKnowledge): string | null {
  const available = AVAILABILITY_AFTER.exec(text)?.[1];
  if (!available) return null;
  const run = wordsOf(available);
  let from = run.length;
  while (from > 0 && !BEFORE_NAME.test(run[from - 1]!) && run.length - from < 6) from--;
  const name = wordsOf(run.slice(from).join(' ').replace(WHEN_AFTER_NAME, ''));
  // From the message's start, the frame names whatever is before it; after other words, a name.
  // No request word is part of it ("horror from the 80s, do you have it?" asks for films).
  // ("What do you have that's actually good?": a question's word, no name.)
  const named =
    name.length > 0 &&
    !POINTER.test(name.join(' ')) &&
    !(name.length === 1 && SAID_OF_PEOPLE.test(name[0]!)) &&
    !words.asksForFilms(name.join(' '));
  // After other words, a name: a word nothing knows, or words typed as a title ("I want to rewatch
  // Everything Everywhere All at Once, can you find it for me?").
  const typed = () => typedAsTitle(typedRun(available, name.length));
  return named && (from === 0 || name.some((w) => nameWord(w, words)) || typed()) ? name.join(' ') : null;
}

/** The last `n` words of `text` as typed (capitals kept). */
function typedRun(text: string, n: number): string {
  const typed = text
    .replace(/[^\p{L}\p{N}' -]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return typed.slice(-n).join(' ');
}

/** "Heat, do you have it?", "X, la tienen?": the message asks whether a film it names is here. */
export const asksIfHere = (message: string): boolean =>
  AVAILABILITY_AFTER.test(message.trim().replace(/[?!.]+$/, ''));

/** Words for a series of films, never part of a title asked about ("the whole alien franchise"). */
const SERIES_WORDS = /\b(?:franchise|series|trilogy|saga|sequels|prequels|films|movies)\b/i;

/** The film judged in "is X any good?", "is X worth it?", or null. */
function judgedName(text: string, words: WordKnowledge): string | null {
  const judged = (VERDICT_FRAME.exec(text) ?? VERDICT_AFTER.exec(text) ?? OPINION_FRAME.exec(text))?.[1];
  if (!judged || wordsOf(judged).length > 6 || POINTER.test(judged.toLowerCase())) return null;
  // "is the whole alien franchise worth watching": films of a series, no title.
  if (SERIES_WORDS.test(judged)) return null;
  // Only a film is judged so: its words may be themes ("is into the spider-verse worth watching").
  return (words.asksForKind ?? words.asksForFilms)(judged) ? null : judged;
}

/**
 * "is avatar the way of water on here?", "is oppenheimer available yet": the film asked about, its
 * words themes or not ("water"), unless they ask for a kind ("is 80s horror on here?").
 */
const HERE_FRAME =
  /^(?:so |ok |okay |hey |and )?(?:is|are) (?!(?:there|it|that|this)\b)(.+?) (?:on here|here|available|streaming|in (?:the|your) (?:catalog|catalogue|library|collection)|on (?:the|this|your) (?:site|app|website))(?: (?:yet|already|at all|too|or not))?$/i;

/** The words asked about in "is X on here?" ("is avatar good on here" judges, it names no film). */
function askedIfHere(text: string): string | null {
  const asked = HERE_FRAME.exec(text.trim().replace(/[?!.]+$/, ''))?.[1];
  return asked && !/\b(?:good|great|bad|any|ok|okay|worth|still|even|really|actually)$/i.test(asked)
    ? asked
    : null;
}

/** The film in "is X on here?", or null. */
function hereName(text: string, words: WordKnowledge): string | null {
  const asked = askedIfHere(text);
  if (!asked) return null;
  const run = wordsOf(asked);
  if (!run.length || run.length > 7 || ASKS_OPEN.test(run[0]!) || POINTER.test(asked.toLowerCase()))
    return null;
  if (SERIES_WORDS.test(asked) || run.some((w) => FILM_NOUNS.test(w) || SAID_OF_PEOPLE.test(w))) return null;
  return (words.asksForKind ?? words.asksForFilms)(asked) ? null : asked;
}

/** Words of a clause about people or what they saw, never of a title the catalog lacks. */
const SAID_OF_PEOPLE =
  /^(?:i|we|you|u|he|she|they|me|us|him|them|my|our|your|ur|his|her|their|what|whatever|which|who|ones)$/;

/** "stuff like X", "something similar to X", "what's similar to X" ending the message: what is likened. */
const LIKE_FRAME =
  /\b(?:something|stuff|films?|movies?|flicks|anything|more|ones?|others?|things?|what's|whats|what is) (?:like|similar to|along the lines of) (.+)$/i;

/**
 * The film in "recommend me stuff like everything everywhere all at once" (no title read): two
 * words or more that ask for nothing themselves (no genre, mood, theme, era: "something like a
 * rainy day film" asks for films), or null.
 */
function likenedName(text: string, words: WordKnowledge): string | null {
  const likened = LIKE_FRAME.exec(text)?.[1]?.trim();
  if (!likened) return null;
  const run = wordsOf(likened);
  if (run.length < 2 || run.length > 7 || POINTER.test(likened.toLowerCase()) || SERIES_WORDS.test(likened))
    return null;
  // Said of people or of what was seen ("what we watched last week", "the ones my dad loves"): no
  // title the catalog lacks (one it has was read before this).
  if (run.some((w) => SAID_OF_PEOPLE.test(w))) return null;
  if (DESCRIBED.test(likened.toLowerCase())) return null;
  return words.asksForFilms(likened) ? null : likened;
}

/**
 * "more like stuff that could actually happen", "like something where nobody dies": a kind of film
 * described (a thing, then what it is or does), never a title.
 */
const DESCRIBED =
  /^(?:stuff|something|anything|things?|films?|movies?|ones?|(?:a|an|the) (?:film|movie|story|one|kind)) (?:that|which|where|who|whose|when)\b/;

/**
 * What opens a request for a kind or a suggestion, never a title ("do you have any good ones"),
 * in each reply language too ("tienes algo como inception?", "avez-vous quelque chose comme …",
 * "habt ihr etwas ähnliches wie …": decision 0144).
 */
const ASKS_OPEN =
  /^(?:a|an|any|some|something|anything|more|other|another|good|great|new|recommendations?|suggestions?|ideas?|recs?|favou?rites?|time|fun|algo|algun[oa]?s?|quelque|quelques|qualcosa|qualche|etwas|algum|alguma|alguns|algumas)$/;

/**
 * "do you have everything everywhere all at once": after the question's opener, the rest of the
 * message is a name when it asks for nothing (no kind, no pointer, no suggestion) and is three
 * words or more, or holds a word nothing knows ("do u have encanto").
 */
function askedByName(text: string, words: WordKnowledge): string | null {
  const name = nameAfterOpener(text, ASKING_OPENERS);
  if (!name) return null;
  const said = name.join(' ');
  if (
    !name.length ||
    name.length > 7 ||
    ASKS_OPEN.test(name[0]!) ||
    asksForSuggestions(name) ||
    POINTER.test(said) ||
    SERIES_WORDS.test(said)
  )
    return null;
  if (name.some((w) => SAID_OF_PEOPLE.test(w)) || words.asksForFilms(said)) return null;
  return name.length >= 3 || name.some((w) => nameWord(w, words)) ? (typedSpan(text, name) ?? said) : null;
}

/** "recommend me …": an opener that names what is wanted, a film by its title among others. */
const RECOMMEND_ME: readonly string[][] = [['recommend', 'me']];

/**
 * "recommend me everything everywhere all at once": after "recommend me", three words or more that
 * ask for nothing (no kind, no suggestion, nobody) are a film's name.
 */
function recommendedByName(text: string, words: WordKnowledge): string | null {
  const name = nameAfterOpener(text, RECOMMEND_ME);
  if (!name || name.length < 3 || name.length > 7 || name.some((w) => ASKS_OPEN.test(w))) return null;
  const said = name.join(' ');
  if (POINTER.test(said) || SERIES_WORDS.test(said) || name.some((w) => SAID_OF_PEOPLE.test(w))) return null;
  return words.asksForFilms(said) ? null : (typedSpan(text, name) ?? said);
}

/**
 * Openers that ask to be shown one film, never a kind ("put on something funny" opens with
 * "something"), or to have one found ("Can you find Everything Everywhere All at Once for me?").
 */
const SHOW_ME: readonly string[][] = [
  ...SHOW_FILM_PREFIXES,
  'can you find',
  'could you find',
  'can u find',
  'find me',
  'find',
]
  .map((o) => o.split(' '))
  .sort((a, b) => b.length - a.length);

/** Words that name a kind of thing wanted ("christmas stuff", "scary ones"), never a title's. */
const KIND_NOUNS = /^(?:movies?|films?|flicks?|stuff|things?|ones?|shows?|cartoons?|classics?)$/;

/** What opens no name after "i want to watch" ("… with my kids", "… tonight", "… again"). */
const NOT_A_NAME_OPENS =
  /^(?:with|for|at|on|in|after|before|while|when|because|but|and|or|tonight|today|tomorrow|again|later|now|soon|together|alone|more|less|stuff|things?|films?|movies?)$/;

/** Who it is for, after the film asked for ("pull up knives out for me"): no part of its name. */
const FOR_WHOM = /\s+for (?:me|us|my \S+|the kids)$/i;

/**
 * "pull up knives out for me", "put on the banshees of inisherin": a film asked to be shown by its
 * name, two words or more (or one nothing knows) that ask for no kind of film, nobody and nothing
 * shown. Its words may be themes ("knives"): a kind is asked with a film word or an article.
 */
function shownByName(text: string, words: WordKnowledge): string | null {
  const name = nameAfterOpener(text.replace(FOR_WHOM, ''), SHOW_ME);
  if (!name || !name.length || name.length > 7 || ASKS_OPEN.test(name[0]!) || NOT_A_NAME_OPENS.test(name[0]!))
    return null;
  const said = name.join(' ');
  if (
    POINTER.test(said) ||
    SERIES_WORDS.test(said) ||
    name.some((w) => SAID_OF_PEOPLE.test(w) || KIND_NOUNS.test(w))
  )
    return null;
  if ((words.asksForKind ?? words.asksForFilms)(said)) return null;
  return name.length >= 2 || nameWord(name[0]!, words) ? (typedSpan(text, name) ?? said) : null;
}

/** The text less the padding words at its end ("hereditary pls", "oppenheimer tonight"), as typed. */
function withoutPadding(text: string): string {
  let out = text;
  for (;;) {
    const m = /[\s,]+(\S+)$/u.exec(out);
    if (!m || !PADDING.test(m[1]!.toLowerCase())) return out;
    out = out.slice(0, m.index);
  }
}

/** "parasite by bong joon ho": who made a film, said after its name, is no part of the title. */
const BY_MAKER = /\s+by\s+\S+(?:\s+\S+){0,3}$/i;

/** A title the catalog lacks, as typed, less its maker said after it. */
export const withoutMakerAfter = (title: string): string => title.replace(BY_MAKER, '') || title;

/** The title typed (as typed, trimmed), or null. */
export function missingTitle(message: string, q: Query, words: WordKnowledge): string | null {
  if (!namesNothing(q)) return null;
  const text = message.trim().replace(/[?!.]+$/, '');
  // The opener of a question for a title is no part of it ("¿Tienes Encanto?").
  const asked = askedByName(text, words) ?? recommendedByName(text, words) ?? shownByName(text, words);
  if (asked) return asked;
  // ("oppenheimer pls": what pads a name is no part of it.)
  const bare = withoutPadding(text);
  if (wholeName(bare, wordsOf(bare), q, words)) return bare;
  // The frames below are a title's place whatever else the message says ("my daughter": family films),
  // in the whole message or in one of its sentences ("is everything everywhere all at once good?
  // thinking about watching it tonight").
  for (const part of [text, ...sentencesOf(text).map((t) => t.replace(/[?!.;]+$/, ''))]) {
    // A film judged ("is oppenheimer worth the hype? can i watch it on here") is framed on both sides.
    const name =
      judgedName(part, words) ??
      availableName(part, words) ??
      hereName(part, words) ??
      (part === text ? null : askedByName(part, words)) ??
      likenedName(part, words);
    if (name) return name;
  }
  return null;
}

/** The openers of a question for a title, longest first, as words. */
const OPENERS = [...AVAILABILITY_FRAME.opens]
  .filter((o) => o.split(' ').length > 1 || AVAILABILITY_FRAME.asks.includes(o))
  .map((o) => o.split(' '))
  .sort((a, b) => b.length - a.length);
/**
 * The openers that ask whether the catalog has a film ("do you have", "tienes"); "got" alone also
 * opens what is no question for a title ("got any scary ones?").
 */
const ASKING_OPENERS = OPENERS.filter(
  (o) => o.join(' ') !== 'got' && AVAILABILITY_FRAME.asks.includes(o.join(' ')),
);

/** Words that start a request after a title ("inception but darker", "heat with less talking"). */
const JOINS =
  /^(?:but|and|or|with|without|except|only|just|like|from|in|for|that|which|though|if|vs|versus)\b/;

/**
 * Words around a name that are no part of it ("top gun maverick pls", "the matrix movie?", "before
 * sunrise trilogy": its films, no film of that name).
 */
const PADDING =
  /^(?:pls|plz|please|lol|thx|thanks|movies?|films?|flicks?|the movie|the film|tonight|now|trilogy|series|saga|franchise|collection|sequels|ones|here|on here)$/;

/**
 * A well-known title followed by more of a name ("blade runner 2049", "top gun maverick", "dune
 * part two", "john wick chapter 4"), typed as the whole message: another film of that name, one the
 * catalog lacks (the title typed is offered). Words after it that ask for something ("inception
 * but darker") or only pad it ("the matrix movie") are no more of a name.
 */
export function sequelTyped(
  message: string,
  q: Query,
  words: WordKnowledge,
): { text: string; base: string } | null {
  if (!words.titled || q.person) return null;
  // A film read with confidence is that film, unless a subtitle follows its title after a colon
  // ("i wanna rewatch spider-man: into the spider-verse": another film of that name).
  if (q.like?.movie && q.like.confidence >= 0.95 && !/\p{L}\s*:\s*\p{L}/u.test(message)) return null;
  // "is avatar the way of water on here?": the name asked about, whatever its words.
  const framed = askedIfHere(message);
  const all = framed ? wordsOf(framed) : nameAfterOpener(message)!;
  if (all.length < 2 || all.length > 7 || words.titled(all.join(' '))) return null;
  for (let n = all.length - 1; n >= 1; n--) {
    const base = words.titled(all.slice(0, n).join(' '));
    if (base)
      return moreOfAName(message, all, n, words, !!framed)
        ? { text: typedSpan(message, all)!, base: base.title }
        : null;
  }
  return null;
}

/**
 * The message's words less padding at its end and, at its start, a question's opener ("tienen
 * blade runner 2049?", "do you have top gun maverick") or a viewing's ("i wanna rewatch X"). Given
 * `only` openers, one of them must open the message (else null) and no viewing's opener is read.
 */
function nameAfterOpener(message: string, only?: readonly string[][]): string[] | null {
  const all = wordsOf(message.replace(/[?!.]+$/, ''));
  while (all.length && PADDING.test(all[all.length - 1]!)) all.pop();
  const opener = (only ?? OPENERS).find((o) => all.slice(0, o.length).join(' ') === o.join(' '));
  if (only && !opener) return null;
  all.splice(0, opener?.length ?? WATCH_OPENER.exec(all.join(' '))?.[0].split(' ').length ?? 0);
  return all;
}

/** Whether the words after a well-known title's first `n` words are more of a name. */
function moreOfAName(
  message: string,
  all: string[],
  n: number,
  words: WordKnowledge,
  framed = false,
): boolean {
  const more = all.slice(n);
  const rest = more.join(' ');
  const typed = typedSpan(message, all);
  if (!typed || /[,.;!?…]/.test(typed)) return false;
  // After a colon, a subtitle whatever its words ("spider-man: into the spider-verse").
  // (Not a sentence going on: "Top Gun: Maverick was so good".)
  // Asked about by name, two words or more after the title are its subtitle ("is avatar the way of
  // water on here?").
  // "spider-man into the spider-verse": words after the title that say its word again are its
  // subtitle, whatever word they open with.
  const subtitled =
    (framed && more.length >= 2) ||
    (more.length >= 2 && !more.some((w) => SENTENCE_GOES_ON.test(w)) && echoesTitle(all.slice(0, n), more)) ||
    (/^[^:]*\p{L}\s*:\s*\p{L}/u.test(typed) &&
      typed.indexOf(':') >= typedSpan(typed, all.slice(0, n))!.length &&
      !more.some((w) => SENTENCE_GOES_ON.test(w)));
  // A number after a title is its sequel's ("blade runner 2049"), never a year asked for. More of
  // a name is short, opens with no word of grammar ("get out was so good", "titanic, the 97 one")
  // and follows the title with no stop between them.
  // Asked about by name ("is avatar the way of water on here?"), only a kind asks for films.
  const asksFor = framed ? (words.asksForKind ?? words.asksForFilms) : words.asksForFilms;
  const asks = !subtitled && !/^\d+$/.test(rest) && asksFor(rest);
  if (more.length > (subtitled ? 5 : 3) || PADDING.test(rest) || JOINS.test(rest) || asks) return false;
  // "war movie recommendations", "heat suggestions pls": words that only ask are no more of a name;
  // nor is the evening ("halloween party movies": decision 0160).
  if (more.every((w) => FILLER.has(w)) || more.some((w) => OCCASION_NOUNS.has(w))) return false;

  return subtitled || !isGrammarWord(more[0]!) || /^(?:\d.*|part|chapter|vol|volume|episode)$/.test(more[0]!);
}

/** A word of the title's own (four letters or more, no word of grammar) said again in the words after it. */
function echoesTitle(title: readonly string[], more: readonly string[]): boolean {
  const parts = (ws: readonly string[]) => ws.flatMap((w) => w.split(/[-']/));
  const own = new Set(parts(title).filter((w) => w.length >= 4 && !isGrammarWord(w)));
  return parts(more).some((w) => own.has(w));
}

/** Words of a sentence about a film, never of its subtitle ("was", "is so", "and"). */
const SENTENCE_GOES_ON =
  /^(?:is|was|were|are|be|been|so|really|and|but|because|cause|bc|if|what|which|i|it|its|it's)$/;

/** "i wanna rewatch", "i want to see", "can't wait to watch": the viewing said before a name. */
const WATCH_OPENER =
  /^(?:i |we |i'd |id |we'd )?(?:really )?(?:wanna|want to|would like to|d like to|like to|need to|gotta|have to|am going to|m going to|gonna)? ?(?:re-?watch|watch|see)\b/;

/** The words as the message typed them, from the first to the last (its case and marks kept). */
function typedSpan(message: string, words: readonly string[]): string | null {
  const pattern = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^\\p{L}\\p{N}]+');
  return new RegExp(pattern, 'iu').exec(message)?.[0] ?? null;
}
