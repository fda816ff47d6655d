import { francAll } from 'franc-min';
import { LEXICONS } from './lexicon/index';
import type { MessageLang } from './query';

/** Text helpers shared by the clause parsers: normalising, tokens, typo distance, message language. */

export const foldAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** Lower case, accents folded, quotes unified, hyphens and slashes as spaces; punctuation kept as its own token. */
export function normalize(text: string, keepCase = false): string {
  return (
    foldAccents(keepCase ? text : text.toLowerCase())
      .replace(/[’‘`´]/g, "'")
      .replace(/[“”«»]/g, '"')
      // A single quote that opens or closes a word quotes a title ('Echoes of Marrowind').
      .replace(/(^|\s)'(?=\p{L})/gu, '$1"')
      .replace(/(\p{L})'(?=\s|$|[,.;!?])/gu, '$1"')
      .replace(/ß/g, 'ss')
      .replace(/(\p{L})[-/](?=\p{L})/gu, '$1 ')
      // "pre-1960", "80s-style", "mid-90s": a hyphen between a word and a number too.
      .replace(/(\p{L})-(?=\d)|(\d)-(?=\p{L})/gu, '$1$2 ')
      // French elisions: "d'animation" → "d' animation", "l'espace" → "l' espace".
      .replace(/\b(qu|[cdjlmnst]|un|dell|nell|all|sull|dall|quell)'(?=\p{L})/giu, "$1' ")
      // "rom com" is one word (its "com" is not Portuguese).
      .replace(/\brom[ -]com/giu, 'romcom')
      // Decision 0102: "creepy > gory" prefers the first: the second is ruled out ("creepy not gory").
      .replace(/(\p{L})\s*>+\s*(?=\p{L})/gu, '$1 not ')
      // "not to gory", "nothing to long": "to" typed for "too" before a degree word.
      .replace(
        /\b(not|nothing|never) to (?=(?:gory|bloody|violent|graphic|brutal|scary|creepy|sad|depressing|dark|heavy|intense|long|slow|old|cheesy|sappy|sentimental|weird)\b)/giu,
        '$1 too ',
      )
      .replace(/[¿¡]/g, ' ')
      .replace(/(?<!\d)([.,])|([.,])(?!\d)/g, ' $1$2 ')
      .replace(/([;!?:"()])/g, ' $1 ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

export interface Token {
  /** The word as typed (normalised), used for titles. */
  raw: string;
  /** The word after typo correction, used for trigger words. */
  w: string;
  /** Consumed by a clause parser. */
  used: boolean;
  /** Typed with a capital letter inside a sentence (not its first word): a name's sign. */
  cap?: boolean;
  /** Typed with a capital letter (a sentence's first word too). */
  upper?: boolean;
}

export const PUNCTUATION = new Set([',', '.', ';', '!', '?', ':', '"', '(', ')']);

/** Text-speak read as the word it stands for ("do u have it"). */
const TEXT_SPEAK: Record<string, string> = {
  u: 'you',
  ur: 'your',
  ya: 'you',
  yu: 'you',
  wat: 'what',
  luv: 'love',
  gud: 'good',
  sumthin: 'something',
  smth: 'something',
  sum1: 'someone',
  some1: 'someone',
  any1: 'anyone',
  every1: 'everyone',
  sth: 'something',
  abt: 'about',
  w: 'with',
  bc: 'because',
  cuz: 'because',
  coz: 'because',
  tho: 'though',
  rn: 'now',
  pls: 'please',
  plz: 'please',
  sum: 'some',
  govt: 'government',
  gov: 'government',
  ppl: 'people',
  bday: 'birthday',
  laff: 'laugh',
  laffs: 'laughs',
  // Slips of short words a request turns on, too short for the speller's budget ("movies liek superbad").
  liek: 'like',
  lik: 'like',
  lke: 'like',
  teh: 'the',
  nothin: 'nothing',
  nuthin: 'nothing',
  nothng: 'nothing',
  adn: 'and',
  wiht: 'with',
  waht: 'what',
  jsut: 'just',
  // Words drawn out for stress ("sooo", "pleeease"), after `drawnOut` leaves two of a letter.
  soo: 'so',
  noo: 'no',
  yess: 'yes',
  loove: 'love',
  pleease: 'please',
  pleasee: 'please',
};

/** A word with a letter typed three times or more ("sooo", "goooood") keeps two of it ("good"). */
const drawnOut = (w: string) => w.replace(/(\p{L})\1{2,}/gu, '$1$1');

/** A typed word as read: drawn out words shortened, then text-speak. */
const asRead = (raw: string) => {
  const w = drawnOut(raw);
  return TEXT_SPEAK[w] ?? w;
};

export function tokenize(text: string): Token[] {
  const toks: Token[] = normalize(text)
    .split(' ')
    .filter(Boolean)
    .map((raw) => ({ raw: asRead(raw), w: asRead(raw), used: false }));
  const cased = normalize(text, true).split(' ').filter(Boolean);
  // Same steps without lower-casing give the same tokens (else no capitals are read at all).
  // A message In Title Case Throughout (or in capitals) says nothing by its capitals.
  const wordsTyped = cased.filter((c) => /^\p{L}/u.test(c));
  const capitals = wordsTyped.filter((c) => /^\p{Lu}/u.test(c)).length;
  if (cased.length === toks.length && capitals <= Math.max(1, wordsTyped.length * 0.6)) {
    let sentenceStart = true;
    cased.forEach((c, i) => {
      if (/^[.!?]$/.test(c)) sentenceStart = true;
      else if (!PUNCTUATION.has(toks[i]!.raw)) {
        // Words in capitals ("NOT horror") are emphasis, but a sequel's numeral ("Frozen II") is a name's.
        const upper =
          /^\p{Lu}/u.test(c) &&
          c !== 'I' &&
          (!/^\p{Lu}{2,}$/u.test(c) || /^(?:II|III|IV|VI|VII|VIII|IX)$/.test(c));
        toks[i]!.upper = upper;
        toks[i]!.cap = upper && !sentenceStart;
        sentenceStart = false;
      }
    });
  }
  return toks;
}

/** Damerau-Levenshtein distance (adjacent swaps count once), giving up above `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) d.push([i]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
  }
  return d[a.length]![b.length]!;
}

/** How many typos a word of this length may carry and still count: none up to 4 letters. */
export const typoBudget = (word: string) => (word.length <= 4 ? 0 : word.length <= 8 ? 1 : 2);

/**
 * Corrects a word that is not a known word to the nearest trigger word within its typo budget
 * ("simlar" → "similar", "comdey" → "comedy"). Known words are never changed.
 */
/**
 * How a word sounds, roughly: "acshun" and "action", "thrila" and "thriller", "komedy" and
 * "comedy" share a key (spellings by ear, not typos).
 */
export function soundKey(word: string): string {
  const x = word
    .toLowerCase()
    .replace(/ction/g, 'kSn')
    .replace(/(?:tion|sion|shun|cion|tian)/g, 'Sn')
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/[cq]/g, 'k')
    .replace(/sh/g, 'S')
    .replace(/z/g, 's')
    .replace(/th/g, 't')
    .replace(/(?:er|re|ah|uh|ur|a)$/, 'R');
  return (x[0] + x.slice(1).replace(/[aeiouyh]/g, '')).replace(/(.)\1+/g, '$1');
}

export class Speller {
  private readonly byLength = new Map<number, string[]>();
  /** Sound keys of the trigger words that may be spelt by ear (the lexicon's, not the catalog's). */
  private readonly bySound = new Map<string, string>();
  /** Earlier targets win ties: the lexicon's words come before the catalog's keywords. */
  private readonly rank = new Map<string, number>();
  constructor(
    targets: Iterable<string>,
    private readonly known: (w: string) => boolean,
    soundTargets: Iterable<string> = [],
    /** The lexicon's own words (greetings, function words): a drawn-out word is one of them first. */
    private readonly common: (w: string) => boolean = () => false,
  ) {
    for (const t of soundTargets) {
      if (t.length < 5 || !/^[a-z]+$/.test(t)) continue;
      const k = soundKey(t);
      if (!this.bySound.has(k)) this.bySound.set(k, t);
    }
    for (const t of new Set(targets)) {
      if (t.length < 5 || !/^[a-z]+$/.test(t)) continue;
      this.rank.set(t, this.rank.size);
      let list = this.byLength.get(t.length);
      if (!list) this.byLength.set(t.length, (list = []));
      list.push(t);
    }
  }

  /**
   * A plural of a known word is no typo ("loves", "longs"): the word as typed; "-ies" is a "-y"
   * word's plural ("mockumentaries"), read as that word (the readers after this strip only an "s").
   */
  private pluralOf(word: string): string | undefined {
    const knows = (w: string) => this.known(w) || this.rank.has(w);
    const stem = word.replace(/e?s$/, '');
    if (stem !== word && knows(stem)) return word;
    const singular = word.replace(/ies$/, 'y');
    return singular !== word && knows(singular) ? singular : undefined;
  }

  /**
   * A drawn-out word as meant, or undefined. The tokenizer folds a letter typed three times to two
   * ("hiii": "hii"): a word of the lexicon with one ("hi", "hey"). Typed three times or more
   * ("looong", "pleeease"), a letter is one or two.
   */
  private undrawn(typed: string): string | undefined {
    const single = typed.replace(/(.)\1+/g, '$1');
    if (single !== typed && this.common(single)) return single;
    if (typed.length < 5 || !/(.)\1\1/.test(typed)) return undefined;
    return [typed.replace(/(.)\1{2,}/g, '$1$1'), typed.replace(/(.)\1{2,}/g, '$1')].find(
      (w) => this.known(w) || this.rank.has(w),
    );
  }

  correct(typed: string): string {
    if (!/^[a-z]+$/.test(typed) || this.known(typed)) return typed;
    const undrawn = this.undrawn(typed);
    if (undrawn) return undrawn;
    if (typed.length < 5) return typed;
    const word = typed.replace(/(.)\1{2,}/g, '$1$1');
    const plural = this.pluralOf(word);
    if (plural) return plural;
    const budget = typoBudget(word);
    let best = word;
    let bestD = budget + 1;
    for (let len = word.length - budget; len <= word.length + budget; len++) {
      for (const t of this.byLength.get(len) ?? []) {
        const dist = editDistance(word, t, budget);
        if (dist < bestD || (dist === bestD && dist <= budget && this.rank.get(t)! < this.rank.get(best)!)) {
          bestD = dist;
          best = t;
        }
      }
    }
    if (best !== word) return best;
    // A dropped "g" ("lookin", "bangin").
    if (word.endsWith('in') && this.known(`${word}g`)) return `${word}g`;
    // Spelt by ear ("acshun", "thrila"): the same sound, the same first letter, about the same length.
    // An inflected word ("bailed", "rolling") is a word of its own, not one heard wrong ("bloody").
    const inflected = /(?:ed|ing)$/.exec(word)?.[0];
    const heard = this.bySound.get(soundKey(word));
    if (
      heard &&
      heard[0] === word[0] &&
      Math.abs(heard.length - word.length) <= 3 &&
      (!inflected || heard.endsWith(inflected))
    )
      return heard;
    return best;
  }
}

/** Each language's function words (`lexicon/<lang>.ts`). */
const LANGUAGE_MARKERS = Object.fromEntries(
  Object.values(LEXICONS).map((l) => [l.lang, l.markers]),
) as Record<MessageLang, string[]>;

/** The message's language by its function words: English unless another language clearly wins. */
export function detectLanguage(tokens: readonly Token[]): MessageLang {
  return languageEvidence(tokens).lang;
}

/**
 * The message's language and how many of its function words the message has; `tied`: the
 * languages whose function words it holds as many of, when the letters had to choose.
 */
export function languageEvidence(tokens: readonly Token[]): {
  lang: MessageLang;
  markers: number;
  tied?: MessageLang[];
} {
  const score = { en: 0, es: 0, fr: 0, de: 0, it: 0, pt: 0 };
  for (const t of tokens) {
    for (const lang of ['en', 'es', 'fr', 'de', 'it', 'pt'] as const)
      if (LANGUAGE_MARKERS[lang].includes(t.raw)) score[lang]++;
  }
  let best: keyof typeof score = 'en';
  for (const lang of ['es', 'fr', 'de', 'it', 'pt'] as const) if (score[lang] > score[best]) best = lang;
  const tied = (['es', 'fr', 'de', 'it', 'pt'] as const).filter((l) => score[l] === score[best]);
  if (best === 'en' || tied.length < 2) return { lang: best, markers: score[best] };
  return { lang: byLetters(tokens, tied), markers: score[best], tied };
}

const ISO_639_3: Record<MessageLang, string> = {
  en: 'eng',
  es: 'spa',
  fr: 'fra',
  de: 'deu',
  it: 'ita',
  pt: 'por',
};

/**
 * Languages whose function words tie ("un thriller psychologique": "un" is Spanish, French and
 * Italian alike) told apart by the letters of the whole message, with franc's trigram model
 * (a well-kept library; decision 0144). Only among the tied: on a few words franc alone errs
 * ("quiero algo divertido" scores Italian), the function words do not.
 */
function byLetters(tokens: readonly Token[], tied: readonly MessageLang[]): MessageLang {
  const text = tokens.map((t) => t.raw).join(' ');
  const [top] = francAll(text, { only: tied.map((l) => ISO_639_3[l]), minLength: 3 });
  const found = tied.find((l) => top && ISO_639_3[l] === top[0]);
  return found ?? tied[0]!;
}

/** Letters a message needs before its language is told apart from the six read. */
const UNREAD_LANGUAGE_MIN_LETTERS = 20;

/**
 * How close (of franc's scores, the first 1) a language read must come for the message to be read:
 * short English is often scored a little under another language ("I heard Parasite won a bunch of
 * awards, can I stream it?": Ilocano 1, English 0.82), a message in Dutch, Polish or Swedish leaves
 * every language read far behind (0.73 at most on the dev sets' messages).
 */
const READ_LANGUAGE_CLOSE = 0.8;

/**
 * Whether the message is written in a language the chat does not read ("hoi, ik zoek een leuke
 * animatiefilm…", "Cześć, szukam dobrego filmu…"): franc's trigrams name another language first,
 * and none of those read comes close to it.
 */
export function inUnreadLanguage(message: string): boolean {
  if (message.replace(/[^\p{L}]/gu, '').length < UNREAD_LANGUAGE_MIN_LETTERS) return false;
  const scores = francAll(message, { minLength: 3 });
  const top = scores[0];
  if (!top || top[0] === 'und') return false;
  const read = new Set<string>(Object.values(ISO_639_3));
  return !scores.some(([lang, score]) => read.has(lang) && score >= READ_LANGUAGE_CLOSE);
}

/** The message's sentences, when it has more than one (split after their end marks). */
export const sentencesOf = (message: string): string[] => {
  const parts = message
    .split(/(?<=[?!.;])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return parts.length > 1 ? parts : [];
};
