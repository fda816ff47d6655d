import { isShort, isTvMovie, type CatalogMovie } from '@app/catalog';
import { LOCAL_TITLES } from './understand/titles';
import { editDistance, foldAccents, sentencesOf } from './understand/text';

/**
 * "Star Wars movies", "all the Lord of the Rings films", "the Die Hard series": a franchise named by
 * its TMDB collection's name asks for the franchise's films, in release order (not for films "like"
 * one of them, which leave the franchise out, nor for a reading of its words as genres and themes:
 * "Star Wars" is no war film).
 */
export interface Franchise {
  /** The collection's name as a person says it ("Star Wars", "The Lord of the Rings"). */
  name: string;
  /** Its feature films with enough votes to judge, by release date. */
  members: CatalogMovie[];
}

/** A collection's or a message's words, as compared: lower case, no accents or punctuation. */
export function franchiseKey(text: string): string {
  return foldAccents(text.toLowerCase())
    .replace(/ & /g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/ collection$/, '')
    .replace(/^the /, '');
}

/** Words before a franchise's name that ask for films like it, or for others ("like the bond films"). */
const NOT_THE_FRANCHISE = new Set([
  'like',
  'similar',
  'than',
  'unlike',
  'not',
  'no',
  'without',
  'except',
  'besides',
  'other',
  'apart',
  'aside',
  'beyond',
  'after',
  'instead',
  'but',
  'hate',
  'hated',
  'skip',
  // Seen and loved: films like them are wanted ("i loved the star wars movies, more like that").
  'love',
  'loved',
  'loves',
  'liked',
  'enjoyed',
  'enjoy',
  'enjoys',
  'adore',
  'adores',
  'adored',
  'seen',
  'saw',
  'watched',
  'binged',
  'finished',
  'rewatched',
  'sin',
  'sans',
  'ohne',
  'senza',
  'como',
  'comme',
  'wie',
]);

/**
 * Words that ask for a franchise's order or size, in the languages read (folded), or which of its
 * films is the best, or the fun, the scary ones (decision 0127: "fast and furious, which ones are
 * the fun ones?").
 */
const ORDER_CUE =
  /\b(?:in (?:what|which) order|(?:what|which|right|correct|viewing|watching|release) order|in order|order (?:of|to|should)|how many (?:are|movies|films|of them|there)|which (?:one|ones|should i|do i) (?:first|watch first|start)|watch(?:ed)? first|start with|orden|ordem|reihenfolge|ordre|ordine|cuantas|quantos|wie viele|combien|which [a-z0-9 ]{1,40} (?:is|was|are) (?:the )?(?:best|greatest|worst)(?: one| ones)?$|which (?:one|ones|of them) (?:is|are|was|were) (?:the )?(?:most |least )?[a-z]+(?: one| ones)?|which (?:one|ones|of them) (?:would|should|do|will) (?:you|u|i|we) (?:pick|choose|recommend|watch|go (?:with|for)))\b|\border$/;
const FRANCHISE_NOUN =
  /\b(movies?|films?|flicks|series|saga|franchise|trilogy|collection|marathon|sequels?|prequels?|installments?|instalments?|ones)\b/;

/** Words of a message short enough that a one-word name anywhere in it is what an order is asked of. */
const SHORT_MESSAGE_WORDS = 25;

/** "where do we start", "where to begin": asked of a franchise named in two words or more, its order. */
const START_CUE =
  /\bwhere (?:do|should|would|can) (?:i|we|you|one) (?:start|begin)\b|\bwhere to (?:start|begin)\b/;

/** "where do I start with star wars?": a series is started at its first film, whatever is best loved. */
export const asksWhereToStart = (message: string): boolean =>
  START_CUE.test(franchiseKey(message)) ||
  /\b(?:start|begin) (?:with|on)\b|\b(?:watch|see) first\b/.test(franchiseKey(message));

/** A franchise's other films spoken of ("the sequels", "the other ones", "the rest of them"). */
const OTHERS_OF_IT =
  /\b(?:the|its|their|those|all the) (?:sequels|prequels|other (?:ones|films|movies)|later (?:ones|films|movies)|rest of (?:them|the (?:series|films|movies)))\b/;

/** A franchise's films spoken of as one series ("which films are in the series", "the whole saga"). */
const SERIES_SPOKEN_OF = /\b(?:the|this|that|whole|entire) (?:series|franchise|saga)\b/;

/**
 * The short names a person uses for a franchise, made from its name (decision 0119): the initials
 * of a name of three words or more ("lotr", "potc", "bttf"), and the last word of a two-word name
 * ("bond" for James Bond, "potter", "jones"). Each only when no other franchise makes it too.
 */
function shortNames(key: string): string[] {
  const words = key.split(' ');
  const out: string[] = [];
  if (words.length >= 3) {
    const initials = words.map((w) => w[0]).join('');
    if (initials.length >= 3 && /^[a-z]+$/.test(initials)) out.push(initials);
  }
  if (words.length === 2 && words[1]!.length >= 4 && /^[a-z]+$/.test(words[1]!)) out.push(words[1]!);
  return out;
}

/** A name without its inner articles ("fast and furious"). */
const looseKey = (key: string) => key.replace(/ the\b/g, '');

/** Chat words a message may end with after its question ("which ones are the best lol"). */
const TRAILING_FILLER = /(?: (?:lol|lmao|haha+|pls|plz|please|thanks|thx|tbh|rn|then|though))+$/;

/** `name` written with a capital inside the message, not as its first word ("The Alien films in order"). */
function typedAsName(message: string, name: string): boolean {
  const re = new RegExp(`(^|[^\\p{L}])(${name.replace(/ /g, '[^\\p{L}\\d]+')})(?![\\p{L}])`, 'giu');
  for (let m = re.exec(message); m; m = re.exec(message)) {
    const at = m.index + m[1]!.length;
    const typed = m[2]!;
    if (at > 0 && typed[0] !== typed[0]!.toLowerCase()) return true;
  }
  return false;
}

/** Words that add another franchise to the one asked for ("hobbit ones too", "also the hobbit"). */
const ALSO_CUE = /\b(?:too|also|as well)\b/;

export class Franchises {
  private readonly byKey = new Map<string, Franchise>();
  /**
   * Names that are also a kind of film or a theme ("alien", "road trip"): taken only when typed as
   * a name ("the Alien films", not "alien movies" or "a road trip movie").
   */
  private readonly common = new Set<string>();
  /** A member's local release title, up to its colon ("o senhor dos aneis", "der herr der ringe"). */
  private readonly byLocalName = new Map<string, Franchise>();
  /** Short names (`shortNames`): "lotr", "bond". */
  private readonly byShortName = new Map<string, Franchise>();

  /**
   * `movies`: the catalog's films; `common`: whether a name is also a word or theme a person uses
   * for a kind of film ("alien movies", "a road trip movie") rather than for the franchise.
   */
  constructor(movies: Iterable<CatalogMovie>, common: (word: string) => boolean) {
    const groups = new Map<number, { name: string; members: CatalogMovie[] }>();
    for (const m of movies) {
      if (!m.collection || m.vote_count < 10 || isShort(m) || isTvMovie(m)) continue;
      let g = groups.get(m.collection.id);
      if (!g) groups.set(m.collection.id, (g = { name: m.collection.name, members: [] }));
      g.members.push(m);
    }
    for (const g of groups.values()) {
      if (g.members.length < 2) continue;
      const key = franchiseKey(g.name);
      if (!key) continue;
      if (common(key)) this.common.add(key);
      const name = g.name.replace(/\s+Collection$/i, '');
      const members = g.members.sort((a, b) =>
        (a.release_date ?? '9999').localeCompare(b.release_date ?? '9999'),
      );
      // Two collections of one name: the better known one.
      const known = this.byKey.get(key);
      const votes = (f: { members: CatalogMovie[] }) => f.members.reduce((n, m) => n + m.vote_count, 0);
      if (!known || votes(known) < votes({ members })) this.byKey.set(key, { name, members });
    }
    this.indexShortNames(common);
    // "fast and furious" for The Fast and the Furious: a name's inner "the" is often left out.
    for (const [key, f] of this.byKey) {
      const loose = looseKey(key);
      if (loose !== key && loose.includes(' ') && !this.byKey.has(loose)) this.byShortName.set(loose, f);
    }
    for (const [id, names] of LOCAL_TITLES) {
      const franchise = [...this.byKey.values()].find((f) => f.members.some((m) => m.id === id));
      if (!franchise) continue;
      for (const local of names) {
        const key = franchiseKey(local.split(/[:\-–]/)[0]!).replace(
          /^(?:el|la|le|les|der|die|das|il|lo|o|a|os) /,
          '',
        );
        if (key.split(' ').length >= 2 && !this.byKey.has(key)) this.byLocalName.set(key, franchise);
      }
    }
  }

  /**
   * The franchise whose name the words (each as `franchiseKey` reads it) begin with, the longest
   * name first; a one-word name of under four letters, or one that is also a kind of film ("alien"),
   * is none, and with `strict` no name that is a kind of film ("road trip") is. Used for a franchise
   * ruled out or named as known ("skip the star wars stuff").
   */
  startingAt(words: readonly string[], strict = false): (Franchise & { length: number; id: number }) | null {
    for (let n = Math.min(6, words.length); n >= 1; n--) {
      const key = words.slice(0, n).join(' ');
      const found = this.find(key);
      const common = this.common.has(key) && (strict || n === 1);
      if (!found || common || (n === 1 && key.length < 4)) continue;
      const id = found.members[0]?.collection?.id;
      if (id !== undefined) return { ...found, length: n, id };
    }
    return null;
  }

  /**
   * Each franchise's short names (`shortNames`), for those of three films or more. A short name two
   * franchises make, a franchise's own key or a word of the film vocabulary is none.
   */
  private indexShortNames(common: (word: string) => boolean) {
    const shorts = new Map<string, Franchise | null>();
    for (const [key, f] of this.byKey)
      for (const short of shortNames(key))
        shorts.set(short, shorts.has(short) || this.byKey.has(short) || common(short) ? null : f);
    for (const [short, f] of shorts) if (f && f.members.length >= 3) this.byShortName.set(short, f);
  }

  /** A franchise by its name, a member's local title or a short name. */
  private find(key: string): Franchise | undefined {
    return this.byKey.get(key) ?? this.byLocalName.get(key) ?? this.byShortName.get(key);
  }

  /**
   * Decision 0129: a franchise's name typed with a slip in a word ("harry poter"): every word of a
   * name of two words or more, in order, each word typed exactly or (four letters or more) one edit
   * away, and nothing else typed.
   */
  nearName(typed: string): Franchise | null {
    const words = franchiseKey(typed).split(' ').filter(Boolean);
    if (words.length < 2) return null;
    for (const [key, f] of this.byKey) {
      const own = key.split(' ');
      if (own.length !== words.length) continue;
      if (own.every((w, i) => w === words[i] || (w.length >= 4 && editDistance(w, words[i]!, 1) <= 1)))
        return f;
    }
    return null;
  }

  /** The franchise of a TMDB collection, or null. */
  byCollection(id: number): Franchise | null {
    for (const f of this.byKey.values()) if (f.members[0]?.collection?.id === id) return f;
    return null;
  }

  /**
   * Another franchise named with `first` ("lord of the rings AND the hobbit, all of them, in
   * order"): the longest name of two words or more after "and", "&" or "plus", or null.
   */
  alsoNamed(message: string, first: Franchise): Franchise | null {
    const words = franchiseKey(message).split(' ');
    for (let i = 0; i < words.length; i++) {
      if (!/^(?:and|plus|n)$/.test(words[i]!)) continue;
      let from = i + 1;
      if (words[from] === 'the') from++;
      for (let n = Math.min(6, words.length - from); n >= 2; n--) {
        const found = this.find(words.slice(from, from + n).join(' '));
        if (found && found !== first) return found;
      }
      // A one-word name ("the hobbit") with its "the".
      const one = words[from] ? this.find(words[from]!) : undefined;
      if (one && one !== first && words[from - 1] === 'the' && words[from]!.length >= 5) return one;
    }
    // Decision 0129: "a lotr marathon this weekend, hobbit ones too": another name said with "too",
    // "also" or "as well" anywhere (one word: 5 letters or more, and no kind of film).
    if (!ALSO_CUE.test(words.join(' '))) return null;
    for (let n = Math.min(6, words.length); n >= 1; n--)
      for (let i = 0; i + n <= words.length; i++) {
        const key = words.slice(i, i + n).join(' ');
        const found = this.find(key);
        if (found && found !== first && (n > 1 || (key.length >= 5 && !this.common.has(key)))) return found;
      }
    return null;
  }

  /**
   * A franchise named anywhere in the message, by its name or a short name ("which harry potter
   * comes after the prisoner of azkaban"): the longest name of two words or more, or null.
   */
  mentioned(message: string): Franchise | null {
    return this.anywhere(franchiseKey(message).replace(TRAILING_FILLER, ''), 2);
  }

  /** The longest franchise name in the text, of `fewest` words or more (one word: 4 letters or more). */
  private anywhere(text: string, fewest: number): Franchise | null {
    const words = text.split(' ');
    for (let n = Math.min(6, words.length); n >= fewest; n--)
      for (let i = 0; i + n <= words.length; i++) {
        const key = words.slice(i, i + n).join(' ');
        const found = this.find(key);
        if (found && (n > 1 || key.length >= 4)) return found;
      }
    return null;
  }

  /** The franchise a message asks for by name, or null. */
  asked(message: string): Franchise | null {
    return (
      this.named(message) ??
      this.plural(message) ??
      this.inOrder(message) ??
      this.alone(message) ??
      this.rest(message)
    );
  }

  /**
   * "only ever seen the first toy story. do the sequels hold up?": a franchise named anywhere (two
   * words or more) and its other films spoken of ("the sequels", "the rest of them").
   */
  private rest(message: string): Franchise | null {
    const text = franchiseKey(message);
    return OTHERS_OF_IT.test(text) ? this.anywhere(text, 2) : null;
  }

  /**
   * Decision 0130: a franchise's name said in the plural for its films ("all the harry potters",
   * "the bournes"), after "the", "all" or "both": a common word so said is the kind ("the aliens").
   */
  private plural(message: string): Franchise | null {
    // (The message's leading "the" kept: "the bournes, in order".)
    const words = franchiseKey(`x ${message}`).split(' ').slice(1);
    for (let i = 1; i < words.length; i++) {
      const last = words[i]!;
      if (last.length < 5 || !last.endsWith('s')) continue;
      for (let n = Math.min(5, i); n >= 1; n--) {
        const name = [...words.slice(i - n + 1, i), last.slice(0, -1)].join(' ');
        // Its whole name, not a short one ("eat up the hours" is no Rush Hour).
        const found = this.byKey.get(name) ?? this.byLocalName.get(name);
        if (!found || this.common.has(name) || !/^(?:the|all|both|those)$/.test(words[i - n] ?? '')) continue;
        // "lord of the rings": "the Xs" after "of" ends a longer name, no plural of The Ring.
        if (words[i - n - 1] === 'of') continue;
        // Decision 0131: "i've seen the conjurings, insidious…": films seen or loved, not asked for.
        if (words.slice(Math.max(0, i - n - 4), i - n).some((w) => NOT_THE_FRANCHISE.has(w))) continue;
        return found;
      }
    }
    return null;
  }

  /**
   * Decision 0129: a message that is a franchise's name and nothing else ("harry potter"): its
   * films. A name that is also a kind of film ("alien") is the kind, and one that is also a film's
   * title ("star wars") that film.
   */
  private alone(message: string): Franchise | null {
    const key = franchiseKey(message).replace(TRAILING_FILLER, '').trim();
    if (!key.includes(' ') || this.common.has(key)) return null;
    const found = this.byKey.get(key) ?? this.byShortName.get(key);
    return found && !found.members.some((m) => franchiseKey(m.title) === key) ? found : null;
  }

  /**
   * Decision 0105: a question about a franchise's order or size ("in what order should i watch the
   * alien films", "harry potter, how many are there?", "back to the future: which one first?",
   * "qual é a ordem dos filmes do senhor dos anéis?") names it anywhere in the message, by its name
   * or a member's local title; the order asked says it is the franchise ("alien" too).
   */
  private inOrder(message: string): Franchise | null {
    const text = franchiseKey(message).replace(TRAILING_FILLER, '');
    const sentences = sentencesOf(message);
    // A one-word name anywhere in a short message ("the alien films. in what order?"); in a long one
    // of several sentences, only in the cue's own ("… now I'm kind of hooked?? … my roommate says I
    // should just start with whatever": no Hooked films).
    const short = !sentences.length || text.split(' ').length <= SHORT_MESSAGE_WORDS;
    if (ORDER_CUE.test(text) && short) return this.anywhere(text, 1);
    // The question may be one sentence of several ("which mission impossible is the best one? be
    // honest"): its cue read in that sentence, the franchise named there (or, in two words or more,
    // elsewhere in the message).
    const asked = sentences
      .map((s) => franchiseKey(s).replace(TRAILING_FILLER, ''))
      .find((s) => ORDER_CUE.test(s));
    if (asked) return this.anywhere(asked, 1) ?? this.anywhere(text, 2);
    // Decision 0131: "want to show my 10yo star wars for the first time. where do we start" (a
    // one-word name there is too often a word: "nobody asking me for snacks … where do i start?").
    return START_CUE.test(text) ? this.anywhere(text, 2) : null;
  }

  /** A franchise's name right before a film noun, with only request words before it. */
  private named(message: string): Franchise | null {
    const text = franchiseKey(message);
    const noun = FRANCHISE_NOUN.exec(text);
    if (!noun) return null;
    const before = text.slice(0, noun.index).trim().split(' ').filter(Boolean);
    // The longest name that ends right before the noun, with only request words before it.
    for (let start = Math.max(0, before.length - 6); start < before.length; start++) {
      const key = before.slice(start).join(' ');
      const found = this.byKey.get(key) ?? this.byShortName.get(key);
      if (!found) continue;
      // "alien movies" are films about aliens; "the Alien films" are the franchise, and so are "the
      // saw movies" (decision 0127: "the" before a name and films after it make it one).
      const theFilms = before[start - 1] === 'the' && /s$/.test(noun[0]);
      // A marathon of it, or its films spoken of as a series ("doing an alien marathon this
      // weekend. which films are in the series"), make a common word the franchise too.
      const aSeries = noun[0] === 'marathon' || SERIES_SPOKEN_OF.test(text);
      if (this.common.has(key) && !typedAsName(message, key) && !theFilms && !aSeries) return null;
      // Decision 0119: any words may come before it ("planning a harry potter marathon", "the classic
      // 60s james bond films") unless they turn it into a likeness or rule it out.
      const lead = before.slice(0, start);
      return lead.some((w) => NOT_THE_FRANCHISE.has(w)) ? null : found;
    }
    return null;
  }
}
