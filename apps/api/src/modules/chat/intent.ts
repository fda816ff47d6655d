/** What a chat message asks for, as constraints the engine can check against the catalog. */
export interface Intent {
  /** Every genre asked for (for display). */
  genres: number[];
  /** A movie must have at least one genre of each group (a genre word is a group of one; a mood's genres form one group). */
  genreGroups: number[][];
  excludeGenres: number[];
  /** Catalog keywords the user named: a movie must have one. */
  keywords: string[];
  /** Keywords that come with a mood: they only lift a movie's fit. */
  moodKeywords: string[];
  moods: string[];
  yearFrom?: number;
  yearTo?: number;
  runtimeMax?: number;
  runtimeMin?: number;
  likeTitle?: string;
  /** Follow-ups that only make sense in a conversation. */
  followUp?: 'another' | 'newer' | 'older' | { likeOrdinal: number };
  person?: string;
  /** True when the message says nothing the engine understood. */
  empty: boolean;
}

interface MoodRule {
  words: RegExp;
  mood: string;
  genres?: number[];
  keywords?: string[];
  exclude?: number[];
  runtimeMin?: number;
}

/** Moods in plain words, each mapped to genres and catalog keywords. */
const MOODS: MoodRule[] = [
  {
    mood: 'feel-good',
    words: /\b(feel[- ]?good|uplifting|happy|cheerful|heart ?warming|wholesome|upbeat)\b/,
    genres: [35],
    keywords: ['friendship'],
    exclude: [27],
  },
  { mood: 'funny', words: /\b(funny|hilarious|laugh|laughs|comed(y|ies)|humou?r|silly)\b/, genres: [35] },
  {
    mood: 'scary',
    words:
      /\b(scary|scare|scared|scare me|horror|terrifying|creepy|spooky|frighten(ing)?|haunted|nightmares?)\b/,
    genres: [27],
  },
  {
    mood: 'sad',
    words: /\b(sad|tear ?jerker|cry|weep|emotional|melancholy|heartbreaking|moving)\b/,
    genres: [18],
    keywords: ['death', 'grief', 'tragedy'],
  },
  {
    mood: 'mind-bending',
    words:
      /\b(mind[- ]?(bending|blowing|fuck)|twist(y|s)?|trippy|cerebral|puzzling|confusing|makes? me think)\b/,
    genres: [878, 9648],
    keywords: [
      'time travel',
      'dream',
      'twist ending',
      'parallel world',
      'nonlinear timeline',
      'alternate reality',
      'artificial intelligence',
    ],
  },
  { mood: 'romantic', words: /\b(romantic|romance|love stor(y|ies)|date night|in love)\b/, genres: [10749] },
  {
    mood: 'thrilling',
    words: /\b(thrill(ing|er|ers)?|suspense(ful)?|edge of (my|the) seat|tense|gripping)\b/,
    genres: [53],
  },
  {
    mood: 'cosy',
    words: /\b(cos(y|ie)|coz(y|ie)|comfort(ing)?|rainy day|snug)\b/,
    genres: [10751, 35],
    exclude: [27],
  },
  { mood: 'epic', words: /\b(epic|grand|sweeping|saga)\b/, genres: [12], runtimeMin: 130 },
  { mood: 'action-packed', words: /\b(action[- ]packed|explosive|adrenaline|fight scenes?)\b/, genres: [28] },
  {
    mood: 'inspiring',
    words: /\b(inspir(ing|ational)|motivat(ing|ional)|underdog)\b/,
    genres: [18],
    keywords: ['sport', 'biography', 'based on true story'],
  },
];

/** Genre names and synonyms → TMDB genre id. */
const GENRE_WORDS: [RegExp, number][] = [
  [/\b(action)\b/, 28],
  [/\b(adventures?)\b/, 12],
  [/\b(animat(ed|ion)|cartoons?|anime|pixar)\b/, 16],
  [/\b(comed(y|ies)|comedic|rom-?coms?)\b/, 35],
  [/\b(crime|gangsters?|mafia|mob|heists?)\b/, 80],
  [/\b(documentar(y|ies)|docs?)\b/, 99],
  [/\b(drama|dramas|dramatic)\b/, 18],
  [/\b(family|kids|children|child-friendly)\b/, 10751],
  [/\b(fantasy|magic(al)?|wizards?|dragons?)\b/, 14],
  [/\b(history|historical|period pieces?)\b/, 36],
  [/\b(horror|slashers?)\b/, 27],
  [/\b(music(al|als)?)\b/, 10402],
  [/\b(myster(y|ies)|whodunn?its?|detectives?)\b/, 9648],
  [/\b(romance|romantic|rom-?coms?)\b/, 10749],
  [/\b(sci-?fi|science fiction|space opera)\b/, 878],
  [/\b(tv movies?|made for tv)\b/, 10770],
  [/\b(thrillers?)\b/, 53],
  [/\b(war|wwii|ww2|world war)\b/, 10752],
  [/\b(westerns?|cowboys?)\b/, 37],
];

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  last: -1,
};
const DECADE_WORDS: Record<string, number> = {
  fifties: 1950,
  sixties: 1960,
  seventies: 1970,
  eighties: 1980,
  nineties: 1990,
};

export interface ParseContext {
  /** The catalog's "now": 'recent' means the few years before it. */
  referenceYear: number;
  /** Catalog keywords worth matching as phrases (lower case). */
  keywordVocabulary: ReadonlySet<string>;
}

const NEGATION =
  /\b(?:no|not|without|nothing|except|avoid|skip|hate|don'?t want|but not|excluding)\s+(?:too\s+|any\s+|a\s+|an\s+)?([\w-]+(?:\s[\w-]+)?)/g;

/** Turns one message into an Intent. Pure and table-tested. */
export function parseIntent(message: string, ctx: ParseContext): Intent {
  let text = ` ${message.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, ' ')} `;
  const intent: Intent = {
    genres: [],
    genreGroups: [],
    excludeGenres: [],
    keywords: [],
    moodKeywords: [],
    moods: [],
    empty: true,
  };
  const addGroup = (group: number[]) => {
    const g = group.filter((x) => !intent.excludeGenres.includes(x));
    if (g.length === 0) return;
    const key = [...g].sort().join(',');
    if (!intent.genreGroups.some((x) => [...x].sort().join(',') === key)) intent.genreGroups.push(g);
    for (const x of g) addGenre(intent.genres, x);
  };
  const addGenre = (list: number[], g: number) => {
    if (!list.includes(g)) list.push(g);
  };

  // "like Interstellar", "similar to The Dark Knight": the rest of the clause is a title.
  const like =
    /\b(?:similar to|like|such as|reminds? me of|in the vein of|along the lines of)\s+(?!the (?:first|second|third|fourth|fifth|sixth|last) one)(?!that\b|this\b|these\b|those\b|it\b|them\b)([^,.;!?]+)/.exec(
      text,
    );
  if (like) {
    const clause = like[1]!;
    const title = clause.replace(/\b(but|with|from|in|and|or|that|which|please|except|only)\b.*$/, '').trim();
    if (title.length >= 2) {
      intent.likeTitle = title;
      // Keep what follows the title ("… but from the 2000s") for the other rules.
      text = text.replace(like[0], ` ${clause.slice(clause.indexOf(title) + title.length)} `);
    }
  }

  // Follow-ups.
  const ordinal =
    /\b(?:more |something |movies? )?like the (first|second|third|fourth|fifth|sixth|last) one\b|\bmore like (?:the )?(first|second|third|fourth|fifth|sixth|last|#?\d)\b/.exec(
      text,
    );
  if (ordinal) {
    const word = ordinal[1] ?? ordinal[2]!;
    const n = ORDINALS[word] ?? NUMBER_WORDS[word] ?? Number(word.replace('#', ''));
    intent.followUp = { likeOrdinal: n };
  } else if (/\b(more recent|newer|something new(er)?|latest|modern)\b/.test(text)) {
    intent.followUp = 'newer';
  } else if (/\b(older|something old(er)?|earlier)\b/.test(text)) {
    intent.followUp = 'older';
  } else if (
    /^\s*(another|more|others?|next|again|something else|any others?|more please|show me more|different ones?)\W*\s*$/.test(
      text,
    ) ||
    /\b(another one|show me more|give me more|more options|something else)\b/.test(text)
  ) {
    intent.followUp = 'another';
  }

  // Negations first, so that "no horror" does not also ask for horror.
  for (const m of text.matchAll(NEGATION)) {
    const phrase = ` ${m[1]} `;
    let matched = false;
    for (const [re, g] of GENRE_WORDS) {
      if (re.test(phrase)) {
        addGenre(intent.excludeGenres, g);
        matched = true;
      }
    }
    for (const mood of MOODS) {
      if (mood.words.test(phrase)) {
        for (const g of mood.genres ?? []) addGenre(intent.excludeGenres, g);
        matched = true;
      }
    }
    if (matched) text = text.replace(m[0], ' ');
  }

  for (const mood of MOODS) {
    if (!mood.words.test(text)) continue;
    intent.moods.push(mood.mood);
    if (mood.genres) addGroup(mood.genres);
    for (const g of mood.exclude ?? []) if (!intent.genres.includes(g)) addGenre(intent.excludeGenres, g);
    for (const k of mood.keywords ?? []) if (!intent.moodKeywords.includes(k)) intent.moodKeywords.push(k);
    if (mood.runtimeMin) intent.runtimeMin = mood.runtimeMin;
  }
  for (const [re, g] of GENRE_WORDS) {
    // A genre already covered by a mood group (e.g. "funny comedy") adds nothing.
    if (re.test(text) && !intent.genreGroups.some((grp) => grp.length === 1 && grp[0] === g)) addGroup([g]);
  }
  // "romantic comedy" should not also pull in drama-only tearjerkers etc.: nothing to do; but a
  // mood's genre that the user excluded explicitly never comes back (handled above).

  // Years and decades.
  let m: RegExpExecArray | null;
  if ((m = /\bbetween (\d{4}) and (\d{4})\b/.exec(text))) {
    intent.yearFrom = Math.min(+m[1]!, +m[2]!);
    intent.yearTo = Math.max(+m[1]!, +m[2]!);
  } else if (
    (m = /\b(after|since|post)[- ](\d{4})\b|\bfrom (\d{4}) (?:on|onwards?|or later|and later)\b/.exec(text))
  ) {
    intent.yearFrom = m[3] ? +m[3] : +m[2]! + (m[1] === 'after' || m[1] === 'post' ? 1 : 0);
  } else if ((m = /\b(before|pre|until|up to)[- ](\d{4})\b/.exec(text))) {
    intent.yearTo = +m[2]! - (m[1] === 'before' || m[1] === 'pre' ? 1 : 0);
  } else if ((m = /\b(?:the )?(19|20)?(\d)0'?s\b/.exec(text))) {
    const century = m[1] ? Number(m[1]) * 100 : Number(m[2]) >= 3 ? 1900 : 2000;
    intent.yearFrom = century + Number(m[2]) * 10;
    intent.yearTo = intent.yearFrom + 9;
  } else if ((m = /\b(fifties|sixties|seventies|eighties|nineties)\b/.exec(text))) {
    intent.yearFrom = DECADE_WORDS[m[1]!]!;
    intent.yearTo = intent.yearFrom + 9;
  } else if ((m = /\b(?:from |in |of )?(19[0-9]{2}|20[0-4][0-9])\b/.exec(text))) {
    intent.yearFrom = intent.yearTo = +m[1]!;
  }
  if (/\b(recent|new releases?|this year|last year|latest)\b/.test(text) && !intent.followUp) {
    intent.yearFrom = Math.max(intent.yearFrom ?? 0, ctx.referenceYear - 3);
  }
  if (/\b(classic|classics|old[- ]school|golden age|vintage)\b/.test(text)) {
    intent.yearTo = Math.min(intent.yearTo ?? 9999, 1985);
    intent.moods.push('classic');
  }

  // Runtime.
  if (
    (m =
      /\b(?:under|less than|shorter than|below|at most|max(?:imum)?)\s+(\d+(?:\.\d+)?|an?|one|two|three)\s*(hours?|hrs?|h|minutes?|mins?)\b/.exec(
        text,
      ))
  ) {
    const n = m[1] === 'a' || m[1] === 'an' ? 1 : (NUMBER_WORDS[m[1]!] ?? Number(m[1]));
    intent.runtimeMax = Math.round(/^h/.test(m[2]!) ? n * 60 : n);
  } else if (
    (m =
      /\b(?:over|more than|longer than|at least)\s+(\d+(?:\.\d+)?|an?|one|two|three)\s*(hours?|hrs?|h|minutes?|mins?)\b/.exec(
        text,
      ))
  ) {
    const n = m[1] === 'a' || m[1] === 'an' ? 1 : (NUMBER_WORDS[m[1]!] ?? Number(m[1]));
    intent.runtimeMin = Math.round(/^h/.test(m[2]!) ? n * 60 : n);
  } else if (/\b(short|quick)\b/.test(text)) {
    intent.runtimeMax = 100;
  }

  // Catalog keywords as whole phrases ("heist", "time travel", "space"), punctuation aside.
  const plain = ` ${text
    .replace(/[^\w\s'-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
  for (const k of ctx.keywordVocabulary) {
    if (k.length < 4 || intent.keywords.includes(k)) continue;
    if (plain.includes(` ${k} `) || plain.includes(` ${k}s `)) intent.keywords.push(k);
  }

  // People, answered in live mode.
  const person =
    /\b(?:starring|with|featuring|directed by|by)\s+(\p{Lu}[\p{L}'-]+(?:\s\p{Lu}[\p{L}'.-]+)+)/u.exec(
      ` ${message} `,
    );
  if (person) intent.person = person[1];

  intent.empty =
    !intent.likeTitle &&
    !intent.followUp &&
    !intent.person &&
    intent.genres.length === 0 &&
    intent.excludeGenres.length === 0 &&
    intent.keywords.length === 0 &&
    intent.moods.length === 0 &&
    intent.yearFrom === undefined &&
    intent.yearTo === undefined &&
    intent.runtimeMax === undefined &&
    intent.runtimeMin === undefined;
  return intent;
}
