/**
 * Everything the chat understands, as data. Adding a phrasing means adding a string here, not a
 * branch in the parser. Phrases are matched on normalised words (lower case, accents folded,
 * hyphens as spaces), a trailing "s"/"es" allowed, and typos within a small budget.
 * English, Spanish, French and German phrasings sit side by side.
 */

import type { MessageLang } from './query';
import { inEveryLanguage, LEXICONS } from './lexicon/index';
import { DIRECTION_COMPARATIVES } from '../directions';

import { GENRE } from '../genre-ids';

export { GENRE };

/** Genre words (and synonyms) → TMDB genre id. */
/** Words that name two genres at once. */
export const GENRE_PAIRS: [number[], string[]][] = [
  [
    [35, 10749],
    [
      'rom com',
      'romcom',
      'romantic comedy',
      'romantic comedies',
      'comedia romantica',
      'comedie romantique',
      'romantische komodie',
      'commedia romantica',
      'commedie romantiche',
      'liebeskomodie',
    ],
  ],
  [
    [27, 35],
    [
      'horror comedy',
      'horror comedies',
      'comedy horror',
      // Decision 0121: scares for fun ("fun-scary", "scary but also fun", "campy horror").
      'fun scary',
      'scary fun',
      'scary but fun',
      'scary but also fun',
      'funny scary',
      'fun horror',
      'funny horror',
      'campy horror',
      'horror but fun',
      'horror but funny',
    ],
  ],
];

/**
 * German genre words in the plural as well ("Komödien", "Liebesfilme", "Kriegsfilme"): a compound
 * in -film takes -e, a Komödie -n. (Written once here rather than beside each word.)
 */
function withGermanPlurals(table: [number, string[]][]): [number, string[]][] {
  const plural = (p: string) =>
    /^[a-z]+film$/.test(p) ? `${p}e` : /^[a-z ]*komodie$/.test(p) ? `${p}n` : undefined;
  return table.map(([genre, phrases]) => [genre, [...new Set(phrases.flatMap((p) => [p, plural(p) ?? p]))]]);
}

export const GENRE_PHRASES: [number, string[]][] = withGermanPlurals([
  [
    GENRE.action,
    ['action', 'accion', 'actionfilm', 'actionfilme', 'shoot em up', 'azione', 'acao', 'de acao', 'd azione'],
  ],
  [
    GENRE.adventure,
    [
      'adventure',
      'aventura',
      'aventuras',
      'aventure',
      'abenteuer',
      'abenteuerfilm',
      'swashbuckler',
      'avventura',
      'avventure',
    ],
  ],
  [
    GENRE.animation,
    [
      'animated',
      'animation',
      'cartoon',
      'anime',
      'pixar',
      'animada',
      'animacion',
      'dibujos animados',
      'anime',
      'dessin anime',
      'zeichentrick',
      'animationsfilm',
      'animiert',
      'animazione',
      'cartone animato',
      'cartoni animati',
      'animacao',
      'desenho animado',
      'desenhos animados',
    ],
  ],
  [
    GENRE.comedy,
    [
      'comedy',
      'comedies',
      'comedic',
      'rom com',
      'romcom',
      'comedia',
      'comedie',
      'komodie',
      'commedia',
      'commedie',
      'comico',
      'comica',
      'comedias',
      'sitcom',
      'spoof',
      'parody',
    ],
  ],
  [
    GENRE.crime,
    [
      'crime',
      'gangster',
      'mafia',
      'mob',
      'policiaca',
      'policiaco',
      'crimen',
      'policier',
      'polar',
      'krimi',
      'krimis',
      'gangsterfilm',
      'poliziesco',
      'policial',
      'noir',
    ],
  ],
  [
    GENRE.documentary,
    [
      'documentary',
      'documentaries',
      'doc',
      'docs',
      'documental',
      'documentaire',
      'dokumentarfilm',
      'dokumentation',
      'doku',
      'documentario',
    ],
  ],
  [
    GENRE.drama,
    [
      'drama',
      'dramas',
      'dramatic',
      'dramatica',
      'dramatique',
      'dramen',
      'dramma',
      'drammatico',
      'drammatica',
      'dramatico',
    ],
  ],
  [
    GENRE.family,
    [
      'family',
      'kids',
      'kid',
      'children',
      // Decision 0105: "less childish", "nothing kiddy": what a family film is, said of a list.
      'childish',
      'kiddy',
      'kiddie',
      'kiddish',
      'babyish',
      'for babies',
      'child friendly',
      'my son',
      'my daughter',
      'toddler',
      'whole family',
      'all ages',
      'enfants',
      'ninos',
      'familiar',
      'familia',
      'para ninos',
      'famille',
      'pour enfants',
      'familienfilm',
      'kinder',
      'kinderfilm',
      'familie',
      'bambini',
      'per bambini',
      'famiglia',
      'per famiglie',
      'criancas',
      'para criancas',
      'pra criancas',
      'infantil',
    ],
  ],
  [
    GENRE.fantasy,
    [
      'fantasy',
      'magic',
      'magical',
      'wizard',
      'dragon',
      'fantasia',
      'fantastique',
      'fantasie',
      'sword and sorcery',
      'fantastico',
    ],
  ],
  [
    GENRE.history,
    [
      'history',
      'historical',
      'period piece',
      'period drama',
      'historica',
      'historico',
      'historique',
      'historienfilm',
      'historisch',
      'biopic',
      'storico',
      'storica',
    ],
  ],
  [
    GENRE.horror,
    [
      'horror',
      'slasher',
      'terror',
      'de miedo',
      'horreur',
      'terreur',
      'epouvante',
      'di paura',
      'gruselfilm',
      'horrorfilm',
      'orrore',
      'de terror',
      'horrorfilme',
    ],
  ],
  [GENRE.music, ['musical', 'music', 'musicals', 'musicais', 'musica', 'musique', 'musik', 'concert']],
  [
    GENRE.mystery,
    [
      'mystery',
      'mysteries',
      'whodunit',
      'whodunnit',
      'misterio',
      'mystere',
      'policier',
      'enigme',
      'ratselhaft',
      'whodunnits',
      'mistero',
      'giallo',
      'gialli',
      'misteri',
    ],
  ],
  [
    GENRE.romance,
    [
      'romance',
      'romantic',
      'rom com',
      'romcom',
      'love story',
      'lovey dovey',
      'romantica',
      'romantico',
      'romantique',
      'liebesfilm',
      'romantisch',
      'romanze',
      'sentimentale',
      'romantici',
      'romanticos',
    ],
  ],
  [
    GENRE.scifi,
    [
      'sci fi',
      'scifi',
      'sifi',
      'syfy',
      'sy fy',
      'science fiction',
      'space opera',
      'ciencia ficcion',
      'science fiction',
      'sf',
      'ciencia ficción',
      'fantascienza',
      'ficcao cientifica',
    ],
  ],
  [GENRE.tv, ['tv movie', 'made for tv', 'tv film', 'television film']],
  [GENRE.thriller, ['thriller', 'thrillers', 'suspense', 'suspenso']],
  [GENRE.war, ['war', 'guerra', 'belico', 'belica', 'guerre', 'krieg', 'kriegsfilm', 'kriegsfilme']],
  [GENRE.western, ['western', 'cowboy', 'oeste', 'vaqueros', 'far west', 'faroeste']],
]);

export interface Soft {
  /** +1 darker, −1 lighter. */
  dark?: number;
  /** +1 funnier. */
  funny?: number;
}

export interface MoodRule {
  mood: string;
  phrases: string[];
  /** At least one of these genres (a mood's genres form one group). */
  genres?: number[];
  /** Catalog keywords that lift a film's fit. */
  keywords?: string[];
  /** Genres this mood rules out unless asked for. */
  exclude?: number[];
  runtimeMin?: number;
  soft?: Soft;
  /** Phrases saying the viewer is easily affected ("scares easily"): they mean "not <mood>". */
  averse?: string[];
  /** What "not <mood>" means; by default, none of the mood's genres. */
  negated?: { soft?: Soft; exclude?: number[]; outKeywords?: string[] };
  /**
   * A way of watching more than a kind of film: said of another genre ("dumb action", "mindless
   * horror"), that genre is the kind, and the mood keeps only its rule-outs (not its genres,
   * keywords or leanings).
   */
  register?: boolean;
  /** How the mood moves the list within what it asks for (a `DIRECTIONS` label in directions.ts). */
  direction?: string;
  /** Its direction gives way to another mood's ("dumb and funny, nothing I have to follow"). */
  yields?: boolean;
}

/**
 * Laughing to tears ("laugh till I cry", "laugh so hard I cry", "laughed so much we cried"): the
 * tears are laughter's, no sad film asked for. A laugh word, at most four words, then a crying word.
 */
export const LAUGH_TO_TEARS =
  /\blaugh(?:s|ed|ing)?\b(?: \S+){0,4}? (?:cry|cried|crying|tears|weep|sob|sobbing)\b/;

/**
 * The words after "of" (or "among", "from") that can only mean the films shown: "seen most of
 * those", "the least violent of your picks". One list for the question about them (about-shown.ts)
 * and for the reading that takes no title there (clauses.ts).
 */
export const SHOWN_AFTER_OF = ['those', 'these', 'them', 'em'].concat(
  ...['the', 'your'].map((w) => ['ones', 'picks', 'list', 'suggestions'].map((n) => `${w} ${n}`)),
);

/** The themes that make a film sad whatever its genre ("nothing sad", "less sad"). */
export const SAD_THEMES = [
  'terminal illness',
  'cancer',
  'dying and death',
  'suicide',
  'death of wife',
  'death of child',
  'death of husband',
  'death of mother',
];

/** The themes of films built on gore ("not gory", "I can't handle blood", "less violent"). */
export const GORE_THEMES = [
  'gore',
  'blood',
  'splatter',
  'blood splatter',
  'slasher',
  'torture',
  'body horror',
  'dismemberment',
  'cannibal',
  'decapitation',
  'beheading',
  'graphic violence',
];

export const MOODS: MoodRule[] = [
  {
    mood: 'feel-good',
    phrases: [
      'feel good',
      'feelgood',
      'uplifting',
      'happy',
      'cheerful',
      'heartwarming',
      'heart warming',
      'wholesome',
      'upbeat',
      'positive',
      'optimistic',
      'joyful',
      // How people say a film should leave them ("hopeful", "charming"): read as this mood, not as
      // words its story must hold.
      'hopeful',
      'full of hope',
      'life affirming',
      'life-affirming',
      'charming',
      'delightful',
      'adorable',
      'cute',
      'heartfelt',
      'lovely',
      'alegre',
      'optimista',
      'bonne humeur',
      'feel good',
      'gute laune',
      'frohlich',
      'warm-hearted',
      'warmhearted',
      'warmherzig',
      'warmherzige',
      'warmherziges',
      'allegro',
      'allegra',
      'edificante',
      'alto astral',
      // Decision 0102: what people say when they want lifting ("need something to cheer me up").
      'cheer me up',
      'cheering up',
      'cheering me up',
      'cheer myself up',
      'mood booster',
      'mood boost',
      'mood lifter',
      'raise my spirits',
      'cheer us up',
      'cheer her up',
      'cheer him up',
      'cheer up',
      'pick me up',
      'pick-me-up',
      'lift my spirits',
      'lift my mood',
      'brighten my day',
      'make me smile',
      'make us smile',
      'put a smile on my face',
      'put a smile on our faces',
      'smile on my face',
      'make me happy',
      'put me in a good mood',
      // Decision 0160: "something that will make me feel better".
      'make me feel better',
      'make us feel better',
      'make her feel better',
      'make him feel better',
      'feel better',
      // Decision 0133: faith in people restored ("makes me like humanity again").
      'faith in humanity',
      'like humanity again',
      'love humanity again',
      'good about humanity',
      'good about people',
      'believe in people',
      'aufmuntern',
      'remonter le moral',
      'animarme',
    ],
    genres: [GENRE.comedy, GENRE.family, GENRE.animation, GENRE.romance, GENRE.music],
    keywords: ['friendship'],
    exclude: [GENRE.horror, GENRE.war],
    soft: { dark: -1 },
    negated: { soft: { dark: 1 } },
  },
  {
    // Decision 0137: "something fun for tonight", "fun adventure movies": a good time, no kind of film
    // named (no filter); the list moves the `fun` way (Raiders before Interstellar). It gives way to
    // another mood's direction ("fun and dumb").
    mood: 'fun',
    phrases: ['fun', 'funnest', 'a blast', 'entertaining', 'popcorn', 'popcorn movie', 'popcorn flick'],
    direction: 'fun',
    yields: true,
  },
  {
    // Amusing rather than serious: a comedy first ("something light-hearted").
    mood: 'light-hearted',
    phrases: [
      'light hearted',
      'lighthearted',
      'light fare',
      'lighter fare',
      // "need something light n easy", "keep it light": light said of the film wanted.
      'something light',
      'light and easy',
      'light n easy',
      'light and fun',
      'keep it light',
      'nothing heavy',
      'breezy',
      'easygoing',
      'easy going',
      'desenfadada',
      'desenfadado',
      'ligera',
      'legere',
      'leger',
      'locker',
      'unbeschwert',
      'leggero',
      'leggera',
      'spensierato',
      'leve',
      'leves',
    ],
    genres: [GENRE.comedy],
    exclude: [GENRE.horror, GENRE.war],
    soft: { dark: -1 },
    negated: { soft: { dark: 1 } },
  },
  {
    // Comedy to switch off to, never a comedy-drama (0115: "a stupid comedy" gave Life Is Beautiful).
    mood: 'silly',
    phrases: [
      'stupid comedy',
      'stupid comedies',
      'dumb comedy',
      'dumb comedies',
      'stupid funny',
      'dumb funny',
      'dumb fun',
      'stupid fun',
      'mindless fun',
      'mindless comedy',
      'brainless',
      'brainless comedy',
      'turn my brain off',
      'switch my brain off',
      'turn off my brain',
      'switch off my brain',
      'lowbrow',
      'low brow',
      'comedia tonta',
      'comedia boba',
      'comedie bete',
      'commedia stupida',
      'comedia besta',
      // Decision 0119: the viewer's state or a plain "dumb" asks for the same switched-off laughs.
      'something dumb',
      // Decision 0127: "the dumber the better" asks for more of it.
      'the dumber the better',
      'dumber the better',
      'the stupider the better',
      'the sillier the better',
      'the dumber',
      'dumb and hilarious',
      'dumb',
      'mindless',
      'hungover',
      'hung over',
      'brain dead',
      'braindead',
      'no brainer',
      'brain is mush',
      'brain is fried',
    ],
    genres: [GENRE.comedy],
    exclude: [GENRE.drama, GENRE.horror, GENRE.war],
    keywords: ['slapstick', 'stupidity', 'spoof', 'parody', 'toilet humor', 'sex comedy', 'teen comedy'],
    soft: { funny: 1, dark: -1 },
    register: true,
    direction: 'dumber',
    // "nothing dumb": no slapstick, not no comedy.
    negated: { outKeywords: ['slapstick', 'stupidity', 'toilet humor'] },
  },
  {
    // Cheese enjoyed ("80s action, the cheesier the better"): the kind at its loudest and plainest
    // (Commando and Cobra, not Aliens), as "dumb action" is; said alone, action or comedy. "Not
    // cheesy" is the "less cheesy" direction (notCheesyClause), so its negation rules out nothing.
    mood: 'cheesy',
    phrases: [
      'cheesy',
      'cheesier',
      'cheesiest',
      'the cheesier the better',
      'cheesier the better',
      'cheese fest',
      'cheesefest',
      'campy',
      'campier',
      'the campier the better',
      'over the top',
      'so bad its good',
    ],
    genres: [GENRE.action, GENRE.comedy],
    register: true,
    direction: 'cheesier',
    negated: { soft: {} },
  },
  {
    mood: 'funny',
    phrases: [
      'funny',
      'funniest',
      'hilarious',
      'laugh',
      'laughs',
      // Said with force ("had me crying laughing"; "laugh till I cry" is LAUGH_TO_TEARS). A bare
      // "laughing" is no request ("the clown keeps laughing"): only said of the viewer.
      'me laughing',
      'us laughing',
      'laughing so hard',
      'laughing out loud',
      'cry laughing',
      'crying laughing',
      'cried laughing',
      'laugh my head off',
      'laugh my ass off',
      'laugh my butt off',
      'laugh out loud',
      'in stitches',
      'crack me up',
      'cracks me up',
      'cracked me up',
      'split my sides',
      'wheezing',
      'rolling on the floor',
      'tears of laughter',
      'pee my pants',
      'pee myself',
      'wet myself laughing',
      'llorar de risa',
      'morirme de risa',
      'mourir de rire',
      'pleurer de rire',
      'tranen lachen',
      'totlachen',
      'humor',
      'humour',
      'silly',
      'goofy',
      'witty',
      'divertida',
      'divertido',
      'graciosa',
      'gracioso',
      'reir',
      'drole',
      'marrant',
      'rigolo',
      'rire',
      'lustig',
      'lustige',
      'lustiges',
      'lustigen',
      'lustiger',
      'witzig',
      'witzige',
      'witzigen',
      'komisch',
      'zum lachen',
      'divertente',
      'divertenti',
      'da ridere',
      'ridere',
      'engracado',
      'engracada',
      'engracados',
      'rir',
    ],
    genres: [GENRE.comedy],
    soft: { funny: 1 },
  },
  {
    mood: 'scary',
    phrases: [
      'scary',
      'scariest',
      'scare',
      'scared',
      'terrifying',
      // Said with force ("absolutely terrified", "scare me half to death").
      'terrified',
      'terrify',
      'terrify me',
      'petrified',
      'horrified',
      'frightened',
      'scared out of my mind',
      'scared out of my wits',
      'scare me to death',
      'scared to death',
      'frightened to death',
      'frighten me to death',
      'terrified out of my mind',
      // "half to death" alone is any feeling ("bored me half to death"): only with a fright verb.
      'scare me half to death',
      'scared me half to death',
      'scared half to death',
      'frighten me half to death',
      'frightened half to death',
      'terrified half to death',
      'scared stiff',
      'scared shitless',
      // Decision 0126: unease felt rather than a fright ("I want to feel genuinely uneasy"). ("Dread"
      // alone is also a thriller's, or the film liked's: "that same dread".)
      'uneasy',
      'unsettling',
      'unnerving',
      'scare the hell out of me',
      'scare the crap out of me',
      'scare the life out of me',
      'scare the pants off me',
      'sleep with the lights on',
      'jump out of my skin',
      'give me nightmares',
      'mort de peur',
      'muerto de miedo',
      'muerta de miedo',
      'zu tode erschrecken',
      'creepy',
      'frightening',
      'haunted',
      'nightmare',
      'chilling',
      'miedo',
      // "una peli de terror, más de sustos": frights (the speller read "sustos" as "stasi").
      'susto',
      'sustos',
      'frissons',
      'brividi',
      'aterradora',
      'terrorifica',
      'peur',
      'effrayant',
      'flippant',
      'gruselig',
      'gruselige',
      'gruseliges',
      'gruseligen',
      'gruseliger',
      'unheimlich',
      'unheimliche',
      'unheimliches',
      'unheimlichen',
      'angst',
      'beangstigend',
      'pauroso',
      'paurosi',
      'spaventoso',
      'spaventosi',
      'paura',
      'assustador',
      'assustadores',
      'medo',
    ],
    averse: [
      'get frightened easily',
      'gets frightened easily',
      'get scared easily',
      'gets scared easily',
      'get easily scared',
      'gets easily scared',
      'get easily frightened',
      'gets easily frightened',
      'easily scared',
      'easily frightened',
      'scare easily',
      'scares easily',
      'frighten easily',
      'frightens easily',
      'scared easily',
      'frightened easily',
      // Nightmares had after a film: how the viewer took it, not a fright asked for.
      'had nightmares',
      'has nightmares',
      'gets nightmares',
      'get nightmares',
    ],
    genres: [GENRE.horror],
    soft: { dark: 1 },
  },
  {
    mood: 'sad',
    phrases: [
      'sad',
      'saddest',
      'tearjerker',
      'tear jerker',
      'cry',
      // Said with force ("cry my eyes out", "an ugly cry"). A bare "crying" is no request ("to calm a
      // crying toddler"): only said of the viewer.
      'me crying',
      'us crying',
      'crying my eyes out',
      'cry my eyes out',
      'ugly cry',
      'sob',
      'sobbing',
      'bawl',
      'bawling',
      'weeping',
      'tissues',
      'rip my heart out',
      'break my heart',
      // The effect asked of the film, said to the chat ("Destroy me.", "wreck me"): no story of it.
      'destroy me',
      'destroys me',
      'wreck me',
      'wrecks me',
      'ruin me',
      'gut me',
      'emotionally destroy',
      'emotionally wreck',
      'weep',
      'emotional',
      'melancholy',
      'melancholic',
      'heartbreaking',
      'moving',
      'bittersweet',
      'touching',
      'poignant',
      'tender',
      'cathartic',
      'heart wrenching',
      'heartwrenching',
      // Decision 0127 ("a drama that isn't depressing"; not "depressed", the viewer's state).
      'depressing',
      'devastating',
      'gut-wrenching',
      'gut wrenching',
      'triste',
      'llorar',
      'emotiva',
      'pleurer',
      'emouvant',
      'traurig',
      'traurige',
      'trauriges',
      'traurigen',
      'trauriger',
      'weinen',
      'bewegend',
      'bewegende',
      'bewegendes',
      'piangere',
      'commovente',
      'chorar',
      'comovente',
    ],
    genres: [GENRE.drama, GENRE.romance],
    keywords: [
      'grief',
      'tragedy',
      'loss',
      'dying',
      'terminal illness',
      'cancer',
      'love',
      'death of wife',
      'loss of loved one',
      // Decision 0119: the tags tearjerkers carry (The Notebook: sadness, tears; Schindler's List:
      // holocaust; Grave of the Fireflies: orphan).
      'sadness',
      'tears',
      'holocaust',
      'orphan',
      'dementia',
      "alzheimer's disease",
      'death of child',
      'death of mother',
      'death of father',
      'death of husband',
      'dying and death',
      'heartbreak',
    ],
    // A good cry is no comedy.
    exclude: [GENRE.horror, GENRE.thriller, GENRE.action, GENRE.comedy],
    // "nothing sad": no film about a terminal illness or a suicide either (as "less sad").
    // Decision 0116: said of a film or a list, "heavy" is a complaint ("nothing heavy", "that sounds
    // heavy", "too heavy"): the sad mood ruled out.
    averse: ['heavy', 'too heavy', 'downer', 'a downer'],
    direction: 'tearjerker',
    negated: { soft: { dark: -1 }, outKeywords: SAD_THEMES },
  },
  {
    mood: 'dark',
    phrases: [
      'dark',
      'bleak',
      'gritty',
      'grim',
      'disturbing',
      'brooding',
      'nihilistic',
      // Decision 0151: "nothing that'll traumatize anyone": the dark mood ruled out.
      'traumatize',
      'traumatise',
      'traumatizing',
      'traumatising',
      'traumatic',
      'scarring',
      'oscura',
      'oscuro',
      'sombre',
      'noir',
      'dunkel',
      'dunkle',
      'dunkles',
      'dunklen',
      'dustere',
      'duster',
      'dusteres',
      'dusteren',
      'cupo',
      'cupa',
      'sombrio',
      'sombria',
    ],
    soft: { dark: 1 },
    negated: { soft: { dark: -1 } },
  },
  {
    // Decision 0116: a film's trip rather than its puzzle ("smthn trippy to watch high"): surreal,
    // hallucinatory, dreamlike films of any genre; their keywords rank, no genre filters.
    mood: 'trippy',
    phrases: [
      'trippy',
      'head trip',
      'psychedelic',
      'hallucinatory',
      'hallucinogenic',
      'acid trip',
      'to watch high',
      'watch high',
      'watch while high',
      'while high',
      'when high',
      'while stoned',
      'when stoned',
      'psicodelica',
      'psicodelico',
      'psychedelique',
      'psychedelisch',
      // Decision 0126: the surreal is the trip's, not the puzzle's ("something dreamy and weird?? like surreal").
      'surreal',
      'surrealist',
      'surrealism',
      'dreamlike',
      'dreamy',
      'dream like',
      'dreamy and weird',
      'weird and dreamy',
      'surrealista',
      'surrealiste',
    ],
    keywords: [
      'hallucination',
      'surrealism',
      'surreal',
      'psychedelic',
      'lsd',
      'drug trip',
      'hallucinogen',
      'dream',
      'loss of sense of reality',
      'parallel world',
    ],
  },
  {
    // A film built to its twist: mysteries and thrillers first, those with a twist's keywords first of
    // all (before, "twisty" was read as mind-bending and gave time travel and dreams).
    mood: 'twisty',
    phrases: [
      'twisty',
      'twist',
      'twists',
      'twist ending',
      'twist endings',
      'plot twists',
      'ending makes you rewatch',
      'didnt see coming',
      'didn t see coming',
      'did not see coming',
      'giro inesperado',
      'final inesperado',
      'retournement',
      'fin inattendue',
      'wendung',
      'überraschendes ende',
      'uberraschendes ende',
      'colpo di scena',
    ],
    genres: [GENRE.mystery, GENRE.thriller],
    keywords: [
      'surprise ending',
      'plot twist',
      'twist ending',
      'unreliable narrator',
      'whodunit',
      'dual identity',
      'amnesia',
      'psychological thriller',
      'murder mystery',
      'conspiracy theory',
    ],
  },
  {
    // A detective's story is a mystery or a crime film: Chinatown, Se7en and The Silence of the Lambs
    // are crime films, not mysteries, so "detective" asking for Mystery alone left them out. Either
    // genre, the films whose keywords follow a detective or an investigation first.
    mood: 'detective',
    phrases: [
      'detective',
      'detectives',
      'sleuth',
      'private eye',
      'gumshoe',
      'detektiv',
      'detektive',
      'detective privado',
      'detetive',
    ],
    genres: [GENRE.mystery, GENRE.crime],
    keywords: [
      'detective',
      'police detective',
      'private detective',
      'homicide detective',
      'amateur detective',
      'detective inspector',
      'private investigator',
      'private eye',
      'investigation',
      'murder investigation',
      'police investigation',
      'murder mystery',
      'whodunit',
    ],
  },
  {
    // Decision 0129: a way of telling, not a kind of film ("slow burn horror", "moody sci-fi"): said
    // of a genre, that genre told slowly, by its atmosphere (The Witch, not Saw; Blade Runner, not
    // Terminator 2); said alone, a thriller or mystery told so.
    mood: 'atmospheric',
    phrases: [
      'atmospheric',
      'atmosphere',
      'moody',
      'slow burn',
      'slow burning',
      'slowburn',
      'slow burner',
      'dread',
      'sense of dread',
      'creeping dread',
      'under my skin',
      'under your skin',
      'meditative',
      'hypnotic',
      'contemplative',
      'atmospherique',
      'atmosferico',
      'atmosferica',
      'atmospharisch',
    ],
    genres: [GENRE.thriller, GENRE.mystery],
    register: true,
    direction: 'atmospheric',
  },
  {
    // A psychological thriller is about a mind under strain (obsession, paranoia, a self that
    // cannot be trusted): Black Swan, Shutter Island, Memento, Gone Girl. Read as "mind-bending"
    // before, it brought dreams and time travel (Inception, Blade Runner) and left those out.
    mood: 'psychological',
    phrases: [
      'psychological',
      'psycho thriller',
      'psycho thrillers',
      // 0115: "un thriller psychologique" was read as a thriller only (answered with horror).
      'psychologique',
      'psicologico',
      'psicologica',
      'psychologisch',
      'psychologischer',
      'psychologischen',
      'psychothriller',
    ],
    genres: [GENRE.thriller, GENRE.mystery, GENRE.drama, GENRE.horror],
    keywords: [
      'psychological thriller',
      'paranoia',
      'obsession',
      'insanity',
      'mental illness',
      'madness',
      'schizophrenia',
      'hallucination',
      'dual identity',
      'split personality',
      'multiple personality',
      'amnesia',
      'memory loss',
      'unreliable narrator',
      'psychopath',
      'sociopath',
      'manipulation',
      'psychiatric hospital',
      'delusion',
      'psychiatrist',
      'stalker',
    ],
  },
  {
    mood: 'mind-bending',
    phrases: [
      'mind bending',
      'mind blowing',
      'mindbending',
      'mind bender',
      'mind benders',
      'mindbender',
      'mindbenders',
      'mess with your head',
      'messes with your head',
      'mess with my head',
      'messes with my head',
      'mind fuck',
      // A film that leaves its viewer working it out ("melts my brain", "need a second watch", "staring
      // at the wall trying to figure out what i just watched").
      'melt my brain',
      'melts my brain',
      'melt your brain',
      'melts your brain',
      'brain melting',
      'break my brain',
      'breaks my brain',
      'broke my brain',
      'hurt my brain',
      'hurts my brain',
      'head spin',
      'head spinning',
      'second watch',
      'need a rewatch',
      'needs a rewatch',
      'figure out what i just watched',
      'figure out what happened',
      'what did i just watch',
      'what i just watched',
      'cerebral',
      'puzzling',
      'confusing',
      'makes me think',
      'thought provoking',
      'te hace pensar',
      'alucinante',
      'retorcida',
      'qui fait reflechir',
      'tordu',
      'verwirrend',
      'zum nachdenken',
    ],
    genres: [GENRE.scifi, GENRE.mystery, GENRE.thriller],
    keywords: [
      'time travel',
      'dream',
      'twist ending',
      'parallel world',
      'nonlinear timeline',
      'alternate reality',
      'artificial intelligence',
      'psychological thriller',
      'memory',
      'surrealism',
    ],
  },
  {
    // Decision 0129: a date is the occasion for a romance that is fun to share, not a tearjerker
    // ("first date at my place, romantic-ish": When Harry Met Sally, not Cinema Paradiso).
    mood: 'date-night',
    phrases: [
      'date night',
      'first date',
      'second date',
      'date movie',
      'date movies',
      'date film',
      'date films',
      'on a date',
      'for a date',
      // Decision 0151: an evening for two, as said in the other languages read.
      'zu zweit',
      'en amoureux',
      'en pareja',
      'in coppia',
      'a dois',
    ],
    genres: [GENRE.romance],
    exclude: [GENRE.horror, GENRE.war],
    soft: { dark: -1, funny: 1 },
    direction: 'date',
  },
  {
    mood: 'romantic',
    phrases: [
      'in love',
      'falling in love',
      'amor',
      'enamorarse',
      'amour',
      'amoureux',
      'liebe',
      'verliebt',
      'amore',
      'innamorarsi',
      'apaixonar',
      'passionate',
    ],
    genres: [GENRE.romance],
  },
  {
    // Desire on screen ("something steamy"): the films tagged for it (no kind: a romance, a drama or a
    // thriller may be).
    mood: 'steamy',
    phrases: [
      'steamy',
      'sexy',
      'sensual',
      'erotic',
      'sultry',
      'seductive',
      'sensuel',
      'sensuale',
      'erotico',
      'erotica',
    ],
    keywords: [
      'eroticism',
      'erotic movie',
      'erotic thriller',
      'seduction',
      'lust',
      'sexual attraction',
      'sexual obsession',
    ],
    exclude: [GENRE.family, GENRE.animation],
  },
  {
    // A film that is smart about how it tells ("something clever"): no kind, the list moved the way
    // "smarter" moves it, instead of films whose summary says "clever".
    mood: 'smart',
    phrases: ['smart', 'clever', 'intelligent', 'brainy', 'witty', 'inteligente', 'intelligente', 'klug'],
    direction: 'smarter',
  },
  {
    mood: 'thrilling',
    phrases: [
      'thrilling',
      'edge of my seat',
      'edge of the seat',
      'edge of your seat',
      'tense',
      'stressful',
      'nerve wracking',
      'nerve racking',
      'gripping',
      'nail biting',
      'suspenseful',
      'exciting',
      'fast paced',
      'fast-paced',
      'pulse pounding',
      'intense',
      'emocionante',
      'tension',
      'palpitant',
      'haletant',
      'spannend',
      'spannendes',
      'spannende',
      'spannenden',
      'packend',
      'avvincente',
      'teso',
      'tensione',
      'tenso',
      'tensao',
    ],
    genres: [GENRE.thriller],
    direction: 'tense',
  },
  {
    mood: 'cosy',
    phrases: [
      'cosy',
      'cozy',
      'cosie',
      'cozie',
      'comforting',
      'comfort',
      'rainy day',
      'snug',
      'sunday afternoon',
      // Decision 0121: a soothing tone.
      'soothing',
      'calming',
      'relaxing',
      'chill',
      'chilled',
      'mellow',
      'gentle',
      'low stakes',
      'low-stakes',
      'acogedora',
      'reconfortant',
      'cocooning',
      'gemutlich',
      'accogliente',
      'aconchegante',
    ],
    genres: [GENRE.family, GENRE.comedy, GENRE.animation, GENRE.romance],
    exclude: [GENRE.horror, GENRE.war],
    soft: { dark: -1 },
    direction: 'cosy',
  },
  {
    // Decision 0119: whimsy (Amélie, The Grand Budapest Hotel, Big Fish): a playful, fanciful tone. The
    // catalog has no keyword for it: a broad mood's genres rank, its lighter keywords lift.
    mood: 'whimsical',
    phrases: [
      'whimsical',
      'whimsy',
      'quirky',
      'offbeat',
      'fanciful',
      'twee',
      'fantasque',
      'fantasioso',
      'caprichosa',
    ],
    genres: [GENRE.comedy, GENRE.fantasy, GENRE.romance, GENRE.family],
    keywords: ['fairy tale', 'eccentric', 'imagination', 'dream', 'surreal', 'magic realism'],
    exclude: [GENRE.horror, GENRE.war],
    soft: { dark: -1 },
  },
  {
    // Decision 0119: an easy watch, and the occasions that ask for one (on in the background, to fall
    // asleep to): lighter films first, never a genre filter (decision 0116: an occasion ranks).
    mood: 'easy-watching',
    phrases: [
      'easy watch',
      'easy watches',
      'easy watching',
      'easy to watch',
      'easy viewing',
      'undemanding',
      'easy to follow',
      'fall asleep to',
      'falling asleep to',
      'background movie',
      'in the background',
      'while i work out',
      'while cleaning',
      'while i clean',
      // Decision 0129: what pleases everyone, watched with half an eye ("easy crowdpleasers i can
      // half watch while dozing").
      'crowd pleaser',
      'crowd pleasers',
      'crowdpleaser',
      'crowdpleasers',
      'crowd pleasing',
      'half watch',
      'half watching',
      'while dozing',
      'doze off to',
    ],
    soft: { dark: -1 },
    direction: 'easier',
    yields: true,
  },
  {
    // Decision 0119: a comedy of dark things (Fargo, In Bruges, Dr. Strangelove), not a dark film
    // that is also a comedy, nor the lightest comedies with a dark word in them.
    mood: 'darkly funny',
    phrases: [
      'dark comedy',
      'dark comedies',
      'black comedy',
      'black comedies',
      'dark humor',
      'dark humour',
      'gallows humor',
      'gallows humour',
      'comedia negra',
      'humor negro',
      'comedie noire',
      'humour noir',
      'schwarze komodie',
      'schwarzer humor',
      'commedia nera',
      'umorismo nero',
    ],
    genres: [GENRE.comedy],
    keywords: ['dark comedy', 'black comedy', 'satire', 'murder', 'crime', 'death'],
    soft: { dark: 1 },
    negated: { outKeywords: ['dark comedy', 'black comedy'] },
  },
  {
    mood: 'epic',
    phrases: ['epic', 'grand', 'sweeping', 'saga', 'epica', 'epique', 'episch', 'epico'],
    genres: [GENRE.adventure, GENRE.war, GENRE.history, GENRE.fantasy, GENRE.scifi],
    runtimeMin: 130,
  },
  {
    // A blockbuster is a big, famous spectacle (Jurassic Park, Independence Day, Titanic): action,
    // adventure or science fiction, ranked by those genres (a broad mood: it does not filter) and
    // moved the `fun` way; before, "90s blockbusters" was read as a theme no film's story has.
    mood: 'blockbuster',
    // ("rent from blockbuster" is the video shop: the word alone is no mood.)
    phrases: [
      'a blockbuster',
      'blockbuster movie',
      'blockbuster movies',
      'blockbuster film',
      'blockbuster films',
      'blockbusters',
      'summer blockbuster',
      'summer blockbusters',
      'big budget',
      'tentpole',
      'superproduccion',
      'kassenschlager',
    ],
    genres: [GENRE.action, GENRE.adventure, GENRE.scifi],
    direction: 'fun',
    yields: true,
  },
  {
    mood: 'action-packed',
    phrases: [
      'action packed',
      'explosive',
      'adrenaline',
      'fight scenes',
      'explosions',
      'adrenalina',
      'explosiones',
      'adrenaline',
      'explosions',
      'actiongeladen',
    ],
    genres: [GENRE.action],
    // (Decision 0144: "car chases" is no word of the mood but the catalog's theme "car chase":
    // Bullitt and Ronin, not any action film.)
    keywords: ['car chase', 'explosion', 'shootout'],
  },
  {
    mood: 'inspiring',
    phrases: [
      'inspiring',
      'inspirational',
      'motivating',
      'motivational',
      'triumphant',
      'empowering',
      'underdog',
      'inspiradora',
      'inspirante',
      'inspirierend',
    ],
    genres: [GENRE.drama],
    keywords: ['sport', 'biography', 'based on true story', 'underdog'],
    soft: { dark: -1 },
  },
  {
    mood: 'violent',
    phrases: [
      'violent',
      'violence',
      'gore',
      'gory',
      // "the gorier the better": said as more of it, never respelt ("gorier" was heard as "guerra", war).
      'gorier',
      'goriest',
      'bloodier',
      'bloodiest',
      'bloody',
      'brutal',
      'violenta',
      'violento',
      'violent',
      'gewalttatig',
      'brutal',
      'blutig',
      'blood',
      'splatter',
      'sangre',
      'sangrienta',
      'sangriento',
      'sang',
      'sanglant',
      'sanglante',
      'blut',
      'sangue',
      'violencia',
      'sanguinoso',
    ],
    // "squeamish", "I can't handle blood": the viewer cannot take it, so the mood is ruled out.
    averse: [
      'squeamish',
      'weak stomach',
      'sight of blood',
      "can't handle blood",
      'cant handle blood',
      "can't stand blood",
      "can't handle gore",
      "can't stand gore",
      'hate gore',
      'hate blood',
      // Decision 0102: a viewer who cannot take blood says so in many ways.
      'wimp with blood',
      'wimp about blood',
      'wimp with gore',
      'scared of blood',
      'afraid of blood',
      'no stomach for',
      'blood makes me',
      'gore makes me',
    ],
    keywords: ['violence', 'gore', 'brutality', 'blood'],
    soft: { dark: 1 },
    // Decision 0096: "not gory", "not too violent", "can't handle blood" move the list away from
    // violence and rule out the films built on gore, as a person asked so would insist.
    negated: { soft: { dark: -1 }, outKeywords: GORE_THEMES },
  },
];

/**
 * Decision 0151: a teen film is told under several tags; "teen" said of a kind ("2000s teen
 * comedies", "none of the teen ones") asks for them (alone, "teen" was no keyword).
 */
export const TEEN_KEYWORDS = [
  'teen movie',
  'teen comedy',
  'teenager',
  'high school',
  'teenage girl',
  'teenage boy',
  'teen drama',
];

/** "for adults", "for grown-ups": no family films. */
export const ADULT_PHRASES = [
  'for adults',
  'for grown ups',
  'for grownups',
  'adult',
  'adults',
  'mature',
  'grown up',
  'not for kids',
  'para adultos',
  'pour adultes',
  'fur erwachsene',
  'per adulti',
];

/** "hates subtitles", "in English": English-language films. */
export const ENGLISH_PHRASES = [
  'in english',
  'english only',
  'only english',
  'english language',
  'english speaking',
  'something english',
  'anything english',
  'english films',
  'english movies',
  'english film',
  'english movie',
  'english ones',
  'hates subtitles',
  'hate subtitles',
  'no subtitles',
  'without subtitles',
  'not subtitled',
  'en ingles',
  'en anglais',
  'auf englisch',
  'in inglese',
  'em ingles',
];

/**
 * Comparatives ("darker", "less scary", "more light-hearted", "funnier"): a direction relative to
 * what was asked before (or to the named film). `soft` re-ranks and never filters. A comparative
 * that names a mood also moves the request: `away` moods are not requests even when the same
 * message names them ("less scary, I get nightmares") and a follow-up drops them from the last
 * request; `out` genres and `outKeywords` themes are ruled out; `toward` adds a mood as if it had been named; `instead` is
 * the genre group that takes the place of one the change emptied ("a horror film" → "less scary":
 * thrillers and mysteries). Any of them makes the message a refinement of the last request.
 */
export interface Comparative {
  /** How the reply restates it after a named film or the last picks ("like Heat, but less scary"). */
  label: string;
  /** How it is restated on its own ("feel-good films, nothing too sad"). */
  plain: string;
  soft: Soft;
  phrases: string[];
  away?: string[];
  toward?: string;
  out?: number[];
  /** Themes the change rules out ("less sad": no terminal illness). */
  outKeywords?: string[];
  instead?: number[];
  /** Themes that keep the subject the change emptied, and how they are said (decision 0121). */
  insteadKeywords?: string[];
  insteadLabel?: string;
  /** A genre group the change asks for ("sadder": a drama). */
  genres?: number[];
  /** What follows it after "of" or "from" is ruled out too ("nobody dying of cancer"). */
  negatesAfter?: boolean;
}

/** The season's atmosphere (ghosts, haunted houses): the "spooky" theme's keywords (decision 0119). */
export const SPOOKY_KEYWORDS = ['ghost', 'haunted house', 'halloween', 'haunting', 'ghost story'];

const COMPARATIVES_SAID: Comparative[] = [
  {
    label: 'darker',
    plain: 'on the darker side',
    soft: { dark: 1 },
    phrases: [
      'more intense',
      'more violent',
      'more disturbing',
      'heavier',
      'darker',
      'more dark',
      'grittier',
      'bleaker',
      'more serious',
      'less light',
      'less light hearted',
      'less funny',
      'less happy',
      'mas oscura',
      'mas oscuro',
      'mas seria',
      'plus sombre',
      'plus noir',
      'plus serieux',
      'dunkler',
      'dusterer',
      'ernster',
      'piu cupo',
      'piu serio',
      'mais sombrio',
      'mais serio',
    ],
    away: ['feel-good', 'light-hearted', 'cosy'],
  },
  {
    label: 'scarier',
    plain: 'on the scarier side',
    soft: { dark: 1 },
    toward: 'scary',
    phrases: [
      'scarier',
      'creepier',
      'more scary',
      'more frightening',
      'more horror',
      'mas miedo',
      'mas terror',
      'plus effrayant',
      'plus flippant',
      'plus peur',
    ],
    away: ['feel-good', 'light-hearted', 'cosy'],
  },
  {
    label: 'less scary',
    plain: 'nothing too scary',
    soft: { dark: -1 },
    away: ['scary'],
    out: [GENRE.horror],
    instead: [GENRE.mystery, GENRE.fantasy],
    insteadKeywords: [...SPOOKY_KEYWORDS, 'supernatural', 'monster'],
    insteadLabel: 'spooky',
    phrases: [
      'less scary',
      'not as scary',
      'not so scary',
      'less creepy',
      'less frightening',
      'less horror',
      'less horrific',
      'got scared',
      'too scary',
      'too creepy',
      'menos miedo',
      'menos de miedo',
      'menos terror',
      'menos aterradora',
      'moins effrayant',
      'moins effrayante',
      'moins flippant',
      'moins peur',
      'weniger gruselig',
      'weniger unheimlich',
      'nicht so gruselig',
      'meno paura',
      'meno spaventoso',
      'menos assustador',
      'menos medo',
    ],
  },
  {
    label: 'less violent',
    plain: 'nothing too violent',
    soft: { dark: -1 },
    away: ['violent'],
    phrases: [
      'less violent',
      'too violent',
      'less gory',
      'less bloody',
      'less brutal',
      'less graphic',
      'too graphic',
      'menos violenta',
      'menos violento',
      'moins violent',
      'moins violente',
      'weniger brutal',
      'weniger gewalttatig',
    ],
  },
  {
    // Decision 0136: "a drama where nobody dies", "a romance where no one dies at the end": the films
    // whose stories turn on a death ruled out (as tagged), and the kinds built on killing (war, horror,
    // crime, thrillers, action, westerns).
    label: 'not about death',
    plain: 'none of them about death',
    soft: {},
    negatesAfter: true,
    out: [GENRE.war, GENRE.horror, GENRE.crime, GENRE.thriller, GENRE.action, GENRE.western],
    outKeywords: [
      ...SAD_THEMES,
      'death',
      'dying',
      'death of father',
      'funeral',
      'grief',
      'loss of loved one',
      'murder',
    ],
    phrases: [
      'nobody dies',
      'no one dies',
      'noone dies',
      'nobody dying',
      'no one dying',
      'nobody has to die',
      'nobody gets killed',
      'no one gets killed',
      'no deaths',
      'no death',
      'without death',
      'without anyone dying',
      "doesn't die",
      'doesnt die',
      'doesn t die',
      "don't die",
      "can't with death",
      "can't handle death",
      'does not die',
      'dont die',
      'don t die',
      'do not die',
      'cant with death',
      'can t with death',
      'cant handle death',
      'can t handle death',
    ],
  },
  {
    label: 'less sad',
    plain: 'nothing too sad',
    soft: { dark: -1 },
    away: ['sad'],
    outKeywords: SAD_THEMES,
    phrases: [
      'less sad',
      'too sad',
      'less depressing',
      'too depressing',
      'less tragic',
      'less heavy',
      'menos triste',
      'moins triste',
      'weniger traurig',
      'meno triste',
      'menos triste',
    ],
  },
  {
    label: 'sadder',
    plain: 'on the sadder side',
    soft: { dark: 1 },
    toward: 'sad',
    genres: [GENRE.drama],
    out: [GENRE.comedy],
    away: ['feel-good', 'light-hearted', 'funny', 'cosy'],
    phrases: [
      'sadder',
      'more sad',
      'more tragic',
      'more emotional',
      'more moving',
      'more depressing',
      'more of a tearjerker',
      'more tears',
      'mas triste',
      'mas tristes',
      'plus triste',
      'plus tristes',
      'trauriger',
      'noch trauriger',
      'piu triste',
      'mais triste',
    ],
  },
  {
    label: 'less romantic',
    plain: 'with less romance',
    soft: {},
    away: ['romantic'],
    out: [GENRE.romance],
    phrases: [
      'less romantic',
      'less romance',
      'less of a romance',
      'not so romantic',
      'less lovey dovey',
      'less mushy',
      'menos romantica',
      'menos romantico',
      'moins romantique',
      'weniger romantisch',
    ],
  },
  {
    label: 'less dark',
    plain: 'nothing too dark',
    soft: { dark: -1 },
    away: ['dark', 'violent'],
    phrases: [
      'less dark',
      'too dark',
      'less bleak',
      'too bleak',
      'less grim',
      'less gritty',
      'less disturbing',
      'less intense',
      'less serious',
      'menos oscura',
      'menos oscuro',
      'moins sombre',
      'moins noir',
      'weniger duster',
      'weniger dunkel',
    ],
  },
  {
    label: 'lighter',
    plain: 'on the lighter side',
    soft: { dark: -1 },
    phrases: [
      'lighter',
      'gentler',
      'softer',
      'mas ligera',
      'plus leger',
      'plus legere',
      'leichter',
      'piu leggero',
      'mais leve',
    ],
    away: ['dark', 'violent'],
  },
  {
    label: 'more light-hearted',
    plain: 'on the light-hearted side',
    soft: { dark: -1 },
    toward: 'light-hearted',
    away: ['dark', 'violent', 'sad', 'scary'],
    phrases: [
      'more light hearted',
      'more lighthearted',
      'more fun',
      'more of a fun',
      'something more fun',
      'more upbeat',
      'more cheerful',
      'more feel good',
      'happier',
      'mas alegre',
      'plus joyeux',
      'plus leger et drole',
      'frohlicher',
    ],
  },
  {
    label: 'funnier',
    plain: 'with plenty of laughs',
    soft: { funny: 1 },
    toward: 'funny',
    away: ['sad'],
    phrases: [
      'funnier',
      'more funny',
      'more humor',
      'more humour',
      'more comedy',
      'more laughs',
      'mas divertida',
      'mas divertido',
      'mas graciosa',
      'mas gracioso',
      'plus drole',
      'plus marrant',
      'lustiger',
      'witziger',
      'piu divertente',
      'mais engracado',
      'mais divertido',
    ],
  },
  // Directions the ranking added (decision 0087: "smarter"), kept in directions.ts.
  ...DIRECTION_COMPARATIVES,
];

/**
 * A comparative said as a superlative asks the same of a new list: "the least violent war films",
 * "the least known 80s horror" ask what "less violent", "less known" ask (each English "less X" is
 * also "least X"). About films already shown, "which is the least violent?" is a question about
 * them (about-shown.ts), read before this.
 */
const withLeast = (phrases: readonly string[]): string[] => [
  ...new Set([...phrases, ...phrases.filter((p) => p.startsWith('less ')).map((p) => `least ${p.slice(5)}`)]),
];

export const COMPARATIVES: Comparative[] = COMPARATIVES_SAID.map((c) => ({
  ...c,
  phrases: withLeast(c.phrases),
}));

/** Original languages (TMDB codes) by language, country and industry words. */
export const LANGUAGE_PHRASES: [string, string[]][] = [
  [
    'da',
    [
      'danish',
      'denmark',
      'danes',
      'danesa',
      'danes',
      'danois',
      'danoise',
      'danemark',
      'danisch',
      'danische',
      'danischen',
      'danemark',
    ],
  ],
  [
    'sv',
    ['swedish', 'sweden', 'sueca', 'sueco', 'suedois', 'suede', 'schwedisch', 'schwedischen', 'schweden'],
  ],
  ['no', ['norwegian', 'norway', 'noruega', 'noruego', 'norvegien', 'norvege', 'norwegisch', 'norwegen']],
  ['fi', ['finnish', 'finland', 'finlandes', 'finlandais', 'finnisch']],
  ['is', ['icelandic', 'iceland', 'islandais', 'islandisch']],
  [
    'fr',
    [
      'french',
      'france',
      'francesa',
      'frances',
      'francais',
      'francaise',
      'franzosisch',
      'franzosischen',
      'frankreich',
      'francese',
      'franceses',
    ],
  ],
  [
    'de',
    [
      'german',
      'germany',
      'alemana',
      'aleman',
      'allemand',
      'allemande',
      'deutsch',
      'deutsche',
      'deutschen',
      'deutscher',
      'tedesco',
      'tedesca',
      'alemao',
      'alema',
    ],
  ],
  [
    'it',
    [
      'italian',
      'italy',
      'italiana',
      'italiano',
      'italien',
      'italienne',
      'italienisch',
      'italienischen',
      'italia',
    ],
  ],
  [
    'es',
    [
      'spanish',
      'spain',
      'mexican',
      'mexico',
      'argentinian',
      'argentine',
      'espanola',
      'espanol',
      'mexicana',
      'espagnol',
      'espagnole',
      'spanisch',
      'spanischen',
      'mexikanisch',
      'spagnolo',
      'spagnola',
      'espanhol',
      'in spanish',
    ],
  ],
  [
    'pt',
    [
      'portuguese',
      'brazilian',
      'brazil',
      'portugal',
      'brasilena',
      'portugaise',
      'bresilien',
      'brasilianisch',
      'portugiesisch',
      'portoghese',
      'brasiliano',
      'portugues',
      'portuguesa',
      'brasileiro',
      'brasileira',
    ],
  ],
  [
    'ja',
    [
      'japanese',
      'japan',
      'japonesa',
      'japones',
      'japonais',
      'japonaise',
      'japanisch',
      'japanischen',
      'giapponese',
      'giapponesi',
    ],
  ],
  [
    'ko',
    [
      'korean',
      'korea',
      'south korean',
      'coreana',
      'coreano',
      'coreen',
      'coreenne',
      'koreanisch',
      'koreanischen',
      'coreani',
      'coreanos',
    ],
  ],
  [
    'zh',
    ['chinese', 'china', 'mandarin', 'china', 'china', 'chino', 'china', 'chinois', 'chinoise', 'chinesisch'],
  ],
  ['cn', ['hong kong', 'cantonese']],
  ['hi', ['indian', 'india', 'hindi', 'hindu', 'india', 'indio', 'indien', 'indienne', 'indisch']],
  ['ta', ['tamil', 'kollywood']],
  ['te', ['telugu', 'tollywood']],
  ['ru', ['russian', 'russia', 'soviet', 'rusa', 'ruso', 'russe', 'russisch']],
  ['pl', ['polish', 'poland', 'polaco', 'polonais', 'polnisch']],
  ['cs', ['czech', 'checo', 'tcheque', 'tschechisch']],
  ['hu', ['hungarian', 'hongrois', 'ungarisch']],
  [
    'nl',
    [
      'dutch',
      'netherlands',
      'holland',
      'flemish',
      'holandes',
      'neerlandais',
      'niederlandisch',
      'hollandisch',
    ],
  ],
  ['el', ['greek', 'greece', 'griego', 'grec', 'griechisch']],
  ['tr', ['turkish', 'turkey', 'turco', 'turc', 'turkisch']],
  ['fa', ['iranian', 'persian', 'iran', 'irani', 'iranien', 'iranisch']],
  ['he', ['israeli', 'hebrew', 'israel', 'israelien']],
  ['ar', ['arabic', 'arab', 'egyptian', 'arabe']],
  ['th', ['thai', 'thailand', 'tailandes', 'thailandais']],
  ['ro', ['romanian', 'rumano', 'roumain', 'rumanisch']],
  ['sr', ['serbian', 'serbia']],
];

/**
 * Film traditions named by one word: an original language (or several: any of them) and, for most,
 * a genre group ("anime": Japanese animation; "j-horror": Japanese horror; "giallo": Italian horror,
 * thriller or mystery; "nordic noir": Danish, Swedish, Norwegian, Finnish or Icelandic crime or
 * thriller). `messageLangs` limits a word to messages in those languages (French "animé" is any
 * animated film). Negated ("no anime"), only the genre group is ruled out.
 */
export const INDUSTRY_PHRASES: {
  /** How the reply names it ("five Nordic noir films"). */
  label: string;
  languages: string[];
  genres?: number[];
  phrases: string[];
  messageLangs?: MessageLang[];
  /** A tradition of an era (the French New Wave): its years, unless the message gives others. */
  years?: [number, number];
}[] = [
  {
    languages: ['ja'],
    genres: [GENRE.animation],
    label: 'anime',
    phrases: ['anime', 'animes', 'japanimation', 'studio ghibli', 'ghibli'],
    messageLangs: ['en', 'es', 'de'],
  },
  {
    languages: ['ja'],
    genres: [GENRE.horror],
    label: 'J-horror',
    phrases: ['j horror', 'jhorror', 'j horrors'],
  },
  { languages: ['ko'], genres: [GENRE.horror], label: 'K-horror', phrases: ['k horror', 'khorror'] },
  {
    languages: ['ko'],
    genres: [GENRE.drama],
    label: 'K-drama',
    phrases: ['k drama', 'kdrama', 'k dramas', 'kdramas'],
  },
  { languages: ['ko'], label: 'Korean', phrases: ['k movie', 'k film', 'k cinema'] },
  {
    languages: ['ja'],
    genres: [GENRE.scifi, GENRE.action, GENRE.horror],
    label: 'kaiju',
    phrases: ['kaiju'],
  },
  {
    languages: ['it'],
    genres: [GENRE.horror, GENRE.thriller, GENRE.mystery],
    label: 'giallo',
    phrases: ['giallo', 'gialli', 'gialo'],
    // In Italian "un giallo" is any mystery (a genre word there).
    messageLangs: ['en', 'es', 'fr', 'de', 'pt'],
  },
  {
    languages: ['it'],
    genres: [GENRE.western],
    label: 'spaghetti',
    phrases: ['spaghetti western', 'spaghetti westerns'],
  },
  {
    languages: ['da', 'sv', 'no', 'fi', 'is'],
    genres: [GENRE.crime, GENRE.thriller, GENRE.mystery],
    label: 'Nordic noir',
    phrases: ['nordic noir', 'scandi noir', 'scandinavian noir', 'scandinavian crime', 'nordic crime'],
  },
  {
    languages: ['da', 'sv', 'no', 'fi', 'is'],
    label: 'Nordic',
    phrases: [
      'nordic',
      'scandinavian',
      'scandi',
      'escandinava',
      'escandinavo',
      'scandinave',
      'skandinavisch',
      'skandinavische',
      'skandinavischen',
    ],
  },
  {
    languages: ['zh', 'cn'],
    genres: [GENRE.action, GENRE.adventure, GENRE.fantasy],
    label: 'wuxia',
    phrases: ['wuxia'],
  },
  {
    languages: ['cn'],
    genres: [GENRE.action, GENRE.crime],
    label: 'Hong Kong action',
    phrases: ['hong kong action', 'heroic bloodshed'],
  },
  { languages: ['hi'], label: 'Bollywood', phrases: ['bollywood', 'bolly'] },
  { languages: ['hi'], genres: [GENRE.music, GENRE.romance], label: 'masala', phrases: ['masala'] },
  {
    languages: ['fr'],
    label: 'French New Wave',
    phrases: ['french new wave', 'nouvelle vague'],
    years: [1958, 1970],
  },
  {
    languages: ['it'],
    genres: [GENRE.drama],
    label: 'Italian neorealist',
    phrases: ['italian neorealism', 'neorealism', 'neorealist', 'neorrealismo', 'neorealismo'],
    years: [1943, 1956],
  },
  // In German "ein Krimi" is any crime film (a genre word there).
  {
    languages: ['de'],
    label: 'German krimi',
    phrases: ['krimi'],
    messageLangs: ['en', 'es', 'fr', 'it', 'pt'],
  },
];

/**
 * Eras of film history by name: their years (a message's own years win). "golden age" is
 * Hollywood's unless another subject follows ("the golden age of piracy" is a theme); an era ruled
 * out ("nothing from the silent era") leaves the years after it.
 */
export const ERA_PHRASES: {
  from?: number;
  to: number;
  phrases: string[];
  languages?: string[];
  keywords?: string[];
}[] = [
  {
    to: 1930,
    phrases: [
      'silent era',
      'silent film era',
      'silent movie era',
      'silent films',
      'silent film',
      'silent movies',
      'silent movie',
      'silent cinema',
      'silents',
      'silent days',
      'silent age',
      'era of silent film',
      'cine mudo',
      'peliculas mudas',
      'pelicula muda',
      'film muet',
      'films muets',
      'cinema muet',
      'stummfilm',
      'stummfilme',
      'stummfilmzeit',
      'film muto',
      'film muti',
      'cinema muto',
      'filme mudo',
      'cinema mudo',
    ],
  },
  { from: 1929, to: 1934, phrases: ['pre code', 'precode', 'pre code era', 'pre code hollywood'] },
  // Films made in black and white: the years when most were, to the mid-60s (the catalog's
  // "black and white" tag marks mostly recent films with a black-and-white part).
  {
    to: 1965,
    phrases: [
      'black and white',
      'black and white era',
      'black and white days',
      'blanco y negro',
      'noir et blanc',
      'schwarz weiss',
      'schwarzweiss',
      'schwarzweissfilm',
      'schwarzweissfilme',
      'bianco e nero',
      'preto e branco',
    ],
  },
  // Hollywood's golden age is American films' (in English), not any country's.
  {
    from: 1930,
    to: 1960,
    languages: ['en'],
    phrases: [
      'golden age of hollywood',
      'hollywood golden age',
      "hollywood's golden age",
      'hollywoods golden age',
      'golden era of hollywood',
      'old hollywood',
      'classic hollywood',
      'classical hollywood',
      'studio era',
      'studio system era',
      'edad de oro de hollywood',
      'epoca dorada de hollywood',
      "age d'or d'hollywood",
      'age d or d hollywood',
    ],
  },
  {
    from: 1930,
    to: 1960,
    phrases: [
      'golden age',
      'golden age of cinema',
      'golden age of film',
      'golden age of movies',
      'golden era',
      'age d or',
      'goldenes zeitalter',
      'eta d oro',
      'era de ouro',
    ],
  },
  {
    from: 1967,
    to: 1982,
    languages: ['en'],
    phrases: [
      'new hollywood',
      'new hollywood era',
      'american new wave',
      'hollywood renaissance',
      'nuevo hollywood',
      'nouvel hollywood',
    ],
  },
  {
    from: 1919,
    to: 1933,
    languages: ['de'],
    phrases: ['german expressionism', 'german expressionist', 'expressionismus'],
  },
  {
    from: 1940,
    to: 1959,
    phrases: ['classic noir era', 'classic film noir', 'noir era', 'classic noir'],
    // An era named by its style is that style too: "classic film noir" asks for noir.
    keywords: ['film noir'],
  },
];

/**
 * How a film is asked to be judged beyond "any good" and "worth it" (decision 0136), as a regular
 * expression's alternatives: "is it overhyped?" (wording.ts ASKS_VERDICT) and "is X as good as
 * everyone says?" with X a title the catalog lacks (missing-title.ts VERDICT_FRAME).
 */
export const JUDGED_AS = String.raw`overrated|over-?hyped|live up to (?:the|its|all the) hype|as good as (?:every(?:one|body)|people|they|all) (?:say|says|said|claim|claims)`;

/**
 * Catalog keywords that name a studio's or a publisher's films, not a subject: ruled out, they rule
 * out their own films only, never the keywords or films close to them in meaning ("superheroes, not
 * Marvel" keeps the DC films, which the vectors put beside Marvel's).
 */
export const NAMES_NOT_SUBJECTS: ReadonlySet<string> = new Set([
  'marvel comic',
  'marvel cinematic universe',
  'dc comics',
  'dc extended universe',
]);

/**
 * Themes in words the catalog's keywords do not use, and in other languages → catalog keywords (and
 * the word a reply says them as, when not the first keyword, the genre the words name too, and
 * whether a reply leaves that genre unsaid: "heist films", not "heist crime films").
 */
export const THEME_PHRASES: [string[], string[], string?, number?, true?][] = [
  // 0116: music, not "heavy" said of a film (the sad mood ruled out).
  [['heavy metal'], ['heavy metal']],
  // 0125: losing someone is grief (its words were searched in the films' text: Stripes, "losing his job").
  [
    ['grief', 'loss of loved one'],
    [
      'losing someone',
      'losing somebody',
      'lost someone',
      'losing a loved one',
      'lost a loved one',
      'losing a parent',
      'losing a child',
      'death of a loved one',
    ],
    'grief',
  ],
  // A space opera is the catalog's kind of that name, a science-fiction film (the genre alone gave
  // 2001 and Interstellar; "with starships and battles" read "battle" alone).
  [['space opera'], ['space opera', 'space operas'], undefined, GENRE.scifi],
  // 0125: a whodunit is a murder mystery (the genre alone gave Citizen Kane and 2001).
  [
    ['murder mystery', 'whodunit'],
    [
      'whodunit',
      'whodunits',
      'whodunnit',
      'whodunnits',
      'murder mystery',
      'murder mysteries',
      // What a whodunit is, said in words ("where you can't guess who the killer is").
      'who the killer is',
      "who the killer's",
      'guess the killer',
      'who dunnit',
      'who done it',
      'who the murderer is',
    ],
    'whodunit',
    GENRE.mystery,
  ],
  // 0115: a studio's universe is its films' keywords ("not Marvel" leaves them out).
  [
    ['marvel comic', 'marvel cinematic universe'],
    ['marvel', 'mcu', 'marvel cinematic universe'],
  ],
  // Decision 0102: topics said in the request's own language ("über die DDR", "la guerre froide")
  // and in the words people use for them ("multiverse-y", "possessed kids").
  [
    ['east germany', 'german democratic republic', 'east berlin', 'berlin wall', 'stasi'],
    [
      'ddr',
      'gdr',
      'east germany',
      'east german',
      'east berlin',
      'berlin wall',
      'berliner mauer',
      'stasi',
      'rda',
      'ostalgie',
      'german democratic republic',
    ],
  ],
  [
    ['cold war'],
    // "cold war spy movies": the era's theme, not the war genre.
    [
      'cold war',
      'kalter krieg',
      'kalten krieg',
      'kalten krieges',
      'guerre froide',
      'guerra fria',
      'guerra fredda',
    ],
  ],
  [
    ['parallel world', 'alternate reality', 'multiverse'],
    [
      'multiverse',
      'multiverses',
      'multiverse y',
      'multiversey',
      'parallel universe',
      'parallel universes',
      'alternate universe',
      'alternate universes',
      'alternate reality',
      'alternate realities',
      'parallel worlds',
      'paralleluniversum',
      'univers parallele',
      'universo paralelo',
    ],
  ],
  [
    ['possession', 'demonic possession', 'exorcism'],
    [
      'possessed kid',
      'possessed kids',
      'possessed child',
      'possessed children',
      'possessed girl',
      'possessed boy',
      'possessed by a demon',
      'possessed by demons',
      'possession',
      'demonic possession',
      'exorcism',
      'exorcisms',
      'exorcist films',
      'besessen',
      'besessenheit',
      'exorzismus',
      'poseidos',
      'poseidas',
      'possede',
      'possedes',
      'posseduti',
    ],
  ],
  [
    ['time travel'],
    [
      'time travel',
      'time traveling',
      'time travelling',
      'time traveler',
      'time traveller',
      'time machine',
      'back in time',
      'forward in time',
      'through time',
      'viaje en el tiempo',
      'viajes en el tiempo',
      'voyage dans le temps',
      'voyages dans le temps',
      'zeitreise',
      'zeitreisen',
      'viaggio nel tempo',
      'viaggi nel tempo',
      'viagem no tempo',
      'viagens no tempo',
    ],
  ],
  [
    ['time loop'],
    [
      'time loop',
      'time loops',
      'same day over and over',
      'same day again and again',
      'same day repeating',
      'relive the same day',
      'reliving the same day',
      'living the same day',
      'stuck in a loop',
      'bucle temporal',
      'boucle temporelle',
      'zeitschleife',
    ],
  ],
  [
    ['zombie'],
    ['zombie', 'zombies', 'undead', 'zombis', 'zombi', 'morts vivants', 'untote', 'zumbi', 'zumbis'],
  ],
  [['vampire'], ['vampire', 'vampiro', 'vampiros', 'vampir', 'vampire', 'vampiri']],
  [
    ['space'],
    [
      'outer space',
      'espacio',
      'espace',
      'weltraum',
      'weltall',
      'astronaut',
      'astronauts',
      'spazio',
      'espaco',
    ],
  ],
  // Decision 0119: the season's atmosphere (ghosts, witches, haunted houses), not fright: "spooky but
  // not horror" is Beetlejuice and Hocus Pocus.
  [
    SPOOKY_KEYWORDS,
    [
      'spooky',
      'spookier',
      'spooky vibes',
      'spooky season',
      'halloween vibes',
      'halloweeny',
      // Decision 0121: the occasion asks for the season's atmosphere.
      'halloween party',
      'halloween night',
      'halloween movie night',
      'eerie',
      'ghostly',
    ],
    'spooky',
  ],
  // Decision 0119: a kind of crime film by its world (the mob), not the crime genre at large.
  [
    ['mafia', 'mobster', 'gangster', 'organized crime', 'mafia boss', 'gangster boss', 'mob boss'],
    ['mafia', 'mob', 'mobster', 'mobsters', 'gangster', 'gangsters', 'gangsterfilm', 'mafiosi'],
    'gangster',
  ],
  [['slasher', 'proto-slasher', 'masked killer'], ['slasher', 'slashers'], 'slasher'],
  // Said to rule it out: every tag of sex on screen, not the one of its words ("without sex scene").
  [
    ['sex', 'sex scene', 'nudity', 'female nudity', 'male nudity', 'erotic', 'sexuality'],
    ['sex', 'sex scenes', 'sex scene', 'nudity', 'nude scenes', 'nude scene'],
    'sex',
  ],
  // A courtroom film carries more than one of these (12 Angry Men: courtroom, court case).
  [
    ['courtroom', 'court case', 'court', 'trial', 'jury', 'military court', 'defense attorney'],
    ['courtroom', 'court room', 'legal drama', 'legal dramas'],
    'courtroom',
  ],
  [
    [
      'female protagonist',
      'heroine',
      'strong female lead',
      'little girl',
      'teenage girl',
      'princess',
      'girl',
    ],
    [
      'female lead',
      'female leads',
      'female protagonist',
      'strong female lead',
      'strong female character',
      'girl as the main character',
      'girl as the lead',
      'girl lead',
      'girl hero',
      'female hero',
      'heroine',
      'woman as the lead',
      'woman lead',
    ],
    'female-led',
  ],
  [
    // Decision 0121: crude, grown-up laughs (American Pie, The Hangover, Road Trip): the catalog's
    // keywords for them, within comedies.
    [
      'sex comedy',
      'teen sex comedy',
      'sexual humor',
      'gross out comedy',
      'toilet humor',
      'bathroom humor',
      'stag night',
    ],
    [
      'raunchy',
      'crude',
      'crude humor',
      'crude humour',
      'crude comedy',
      'crude comedies',
      'gross-out',
      'gross out',
      'vulgar',
      'dirty humor',
      'dirty humour',
      'sex comedy',
      'sex comedies',
      'frat comedy',
      'frat comedies',
    ],
    'raunchy',
    GENRE.comedy,
  ],
  [
    ['profanity', 'swearing'],
    ['swearing', 'profanity', 'cursing', 'bad language', 'foul language'],
    'swearing',
  ],
  [['paranoia', 'conspiracy', 'surveillance', 'government conspiracy'], ['paranoid', 'paranoia'], 'paranoid'],
  // A musical is a film whose story is sung (the catalog's keyword), not any film about music
  // (Amadeus, Straight Outta Compton).
  [['musical'], ['musical', 'musicals', 'sing-along', 'singalong', 'sing along'], 'musical', GENRE.music],
  [
    ['heist'],
    [
      'heist',
      'robbery',
      'bank job',
      'atraco',
      'robo',
      'braquage',
      'casse',
      'raub',
      'einbruch',
      'coup',
      'rapina',
      'assalto',
    ],
    // A heist film is a crime film (Inception's dream heist is a science-fiction film that has one).
    undefined,
    GENRE.crime,
    true,
  ],
  // Cyberpunk is a kind of science fiction: its hackers and rain describe it, they are not films of
  // their own (Psycho's rain).
  [['cyberpunk'], ['cyberpunk'], undefined, GENRE.scifi, true],
  // Cars as a film's thrill: chases and races ("acción con carros", "fast cars").
  [
    ['car chase', 'car race', 'street race', 'automobile racing', 'chases and races'],
    [
      'fast cars',
      'street racing',
      'street races',
      'car racing',
      'car races',
      'car movie',
      'car movies',
      'carros',
      'coches',
      'persecuciones',
      'carreras de coches',
      'carreras de autos',
      'carreras de carros',
      'voitures',
      'poursuites en voiture',
      'courses de voitures',
      'autorennen',
      'verfolgungsjagden',
      'inseguimenti',
      'corse automobilistiche',
      'perseguicoes',
      'corridas de carros',
    ],
    'car chase',
  ],
  [['robot'], ['robot', 'robots', 'robotica', 'roboter']],
  [
    ['artificial intelligence'],
    [
      'ai',
      'a i',
      'artificial intelligence',
      'inteligencia artificial',
      'intelligence artificielle',
      'kunstliche intelligenz',
    ],
  ],
  [['dystopia'], ['dystopia', 'dystopian', 'distopia', 'distopica', 'dystopie', 'dystopique']],
  [['serial killer'], ['serial killer', 'asesino en serie', 'tueur en serie', 'serienmorder']],
  [
    ['alien'],
    [
      'alien',
      'aliens',
      'extraterrestrial',
      'extraterrestre',
      'extraterrestres',
      'ausserirdische',
      'alieni',
      'alieno',
      'alienigena',
      'alienigenas',
    ],
  ],
  [
    ['dinosaur'],
    [
      'dinosaur',
      'dinosaurs',
      'dinosaurio',
      'dinosaurios',
      'dinosaure',
      'dinosaurier',
      'dinosauri',
      'dinossauro',
      'dinossauros',
    ],
  ],
  [
    ['superhero'],
    [
      'superhero',
      'superheroes',
      'super hero',
      'superheroe',
      'superheroes',
      'super heros',
      'superheld',
      'superhelden',
      'supereroi',
      'supereroe',
      'super herois',
      'super heroi',
      'superherois',
    ],
  ],
  [
    ['christmas'],
    ['christmas', 'xmas', 'navidad', 'noel', 'weihnachten', 'holiday season', 'natale', 'natal'],
  ],
  // (Not German "Hai": it is Italian "hai", "you have": "hai qualche idea?")
  [
    ['shark'],
    ['shark', 'sharks', 'tiburon', 'requin', 'haie', 'haifilm', 'squalo', 'squali', 'tubarao', 'tubaroes'],
  ],
  [['pirate'], ['pirate', 'pirates', 'pirata', 'piratas', 'piraten']],
  [['witch'], ['witch', 'witches', 'bruja', 'brujas', 'sorciere', 'hexe', 'hexen']],
  [['ghost'], ['ghost', 'ghosts', 'fantasma', 'fantasmas', 'fantome', 'geist', 'geister', 'fantasmi']],
  // An umbrella word is its kinds: asked for, any of them will do; ruled out, none of them.
  [
    [
      'supernatural',
      'ghost',
      'demon',
      'possession',
      'demonic possession',
      'haunted house',
      'haunting',
      'evil spirit',
      'paranormal',
      'occult',
      'exorcism',
      'poltergeist',
      'witch',
      'vampire',
      'werewolf',
      'zombie',
      'curse',
    ],
    [
      'supernatural',
      'paranormal',
      'sobrenatural',
      'surnaturel',
      'ubernaturlich',
      'ubernaturliches',
      'soprannaturale',
    ],
  ],
  [['sport'], ['sport', 'sports', 'deporte', 'deportes', 'sportfilm']],
  [['high school'], ['high school', 'school', 'instituto', 'lycee', 'schule']],
  // A true story is told under several tags: a biography or a memoir is one too.
  [
    [
      'based on true story',
      'based on true events',
      'inspired by true events',
      'inspired by a true story',
      'true crime',
      'biography',
      'autobiography',
      'based on memoir or autobiography',
    ],
    [
      'true story',
      'true stories',
      'based on a true story',
      'based on true stories',
      'real story',
      'real stories',
      'real life story',
      'real life stories',
      'real events',
      'true events',
      'historia real',
      'hechos reales',
      'histoire vraie',
      'wahre geschichte',
      'wahren begebenheit',
      'storia vera',
      'fatti reali',
      'fatos reais',
    ],
  ],
  // A crime that happened: a crime film told from a true story ("based on a real crime").
  [
    ['true crime', 'based on true story', 'based on true events', 'inspired by true events'],
    ['real crime', 'real crimes', 'true crime', 'real case', 'real murder', 'real murders'],
    'true crime',
    GENRE.crime,
  ],
  [['road trip'], ['road trip', 'road movie', 'viaje por carretera']],
  [['boxing'], ['boxing', 'boxer', 'boxeo', 'boxe', 'boxen']],
  // Decision 0133: a kind of horror is a theme: "no blood, no body horror" rules out the theme, not
  // the genre ("I want to be scared").
  [['body horror'], ['body horror']],
  [['train'], ['train', 'trains', 'railway', 'railroad', 'tren', 'zug']],
  // The catalog tags an escape from prison four ways; "prison" alone gave GoodFellas.
  [
    ['escape from prison', 'prison escape', 'prison break', 'jail break'],
    [
      'prison break',
      'prison breaks',
      'prison escape',
      'prison escapes',
      'escape from prison',
      'escaping prison',
      'escape from jail',
      'jailbreak',
      'jail break',
      'breaking out of prison',
      'break out of prison',
      'breakout',
      'fuga de la carcel',
      'evasion',
      'gefangnisausbruch',
    ],
    'prison escape',
  ],
  [['prison'], ['prison', 'jail', 'carcel', 'gefangnis']],
  [['spy'], ['spy', 'spies', 'espionage', 'espia', 'espion', 'spion', 'agent']],
  [['martial arts'], ['martial arts', 'kung fu', 'artes marciales', 'arts martiaux', 'kampfkunst']],
  [
    ['world war ii', 'nazi', 'holocaust'],
    [
      'world war ii',
      'world war 2',
      'ww2',
      'wwii',
      'ww ii',
      'second world war',
      'segunda guerra mundial',
      'seconde guerre mondiale',
      'deuxieme guerre mondiale',
      'zweiter weltkrieg',
      'zweiten weltkrieg',
      'zweite weltkrieg',
      'seconda guerra mondiale',
    ],
  ],
  [['world war i'], ['world war i', 'world war 1', 'ww1', 'wwi', 'first world war', 'great war']],
  [
    ['film noir', 'neo-noir'],
    ['film noir', 'noir', 'neo noir'],
  ],
  [
    ['sequel'],
    [
      'sequel',
      'sequels',
      'prequel',
      'prequels',
      'secuela',
      'secuelas',
      'suite',
      'suites',
      'fortsetzung',
      'fortsetzungen',
    ],
  ],
  [['jump scare'], ['jump scare', 'jump scares', 'jumpscare', 'jumpscares']],
  [
    ['battle'],
    [
      'battle',
      'battles',
      'battle scenes',
      'combat',
      'fighting',
      'batalla',
      'batallas',
      'bataille',
      'batailles',
      'schlacht',
      'schlachten',
    ],
  ],
  [
    ['post-apocalyptic', 'apocalypse'],
    ['post apocalyptic', 'apocalypse', 'apocalyptic', 'end of the world', 'postapocalyptic'],
  ],
  [['monster'], ['monster', 'monsters', 'monstruo', 'monstre', 'monster']],
  [['wedding'], ['wedding', 'weddings', 'boda', 'mariage', 'hochzeit']],
  [
    ['dog'],
    [
      'dog',
      'dogs',
      'doggy',
      'doggie',
      'doggo',
      'puppy',
      'puppies',
      'perro',
      'perros',
      'chien',
      'chiens',
      'hund',
      'hunde',
      'cane',
      'cani',
      'cachorro',
      'cachorros',
    ],
  ],
  [['island'], ['island', 'isla', 'ile', 'insel']],
];

/** Words that start a "like <title>" clause, in the four languages. */
export const LIKE_PREFIXES: string[] = [
  'ich fand',
  'fand',
  'ahnliches wie',
  'the movie',
  'the film',
  'heard of',
  'have you seen',
  'do you know',
  'similar to',
  'similar as',
  'like',
  'such as',
  'reminds me of',
  'remind me of',
  'in the vein of',
  'along the lines of',
  'in the style of',
  'same vibe as',
  'same vibes as',
  'same energy as',
  'same feel as',
  'same feeling as',
  'same tone as',
  'same spirit as',
  'same mood as',
  'same league as',
  'in the same league as',
  'on par with',
  'in the spirit of',
  'the vibe of',
  'vibes of',
  'comparable to',
  'akin to',
  'a la',
  'if i liked',
  'if you liked',
  'i loved',
  // Decision 0160: "I love Alien. Anything similar?" (as "I like" is read).
  'i love',
  'i really love',
  'i adore',
  'i adored',
  'adored',
  'i liked',
  'i enjoyed',
  'i really liked',
  'i really loved',
  'i really enjoyed',
  'loved',
  'enjoyed',
  'just watched',
  'just saw',
  'i just watched',
  'i just saw',
  'fan of',
  'big fan of',
  'fans of',
  'since i liked',
  'after watching',
  'the energy of',
  'energy of',
  'the feel of',
  'similar vibe to',
  'close to',
  'same as',
  'just finished',
  // "her all-time favourite is Amélie": a favourite named after the word, as before it.
  'favorite is',
  'favourite is',
  'fave is',
  'fav is',
  'favorite movie is',
  'favourite movie is',
  'favorite film is',
  'favourite film is',
  'como',
  'parecida a',
  'parecidas a',
  'parecido a',
  'parecidos a',
  'similar a',
  'similares a',
  'estilo',
  'al estilo de',
  'tipo',
  'me gusto',
  'me encanto',
  'do you have',
  'have you got',
  'got',
  'is there',
  'tienes',
  'teneis',
  'tiene',
  'avez vous',
  'as tu',
  'vous avez',
  'hast du',
  'habt ihr',
  'gibt es',
  'comme',
  'similaire a',
  'similaires a',
  'dans le genre de',
  "dans le genre d'",
  'du genre de',
  "du genre d'",
  "proche d'",
  "dans le style d'",
  'dans le style de',
  'proche de',
  'a la maniere de',
  'dans le meme esprit que',
  "dans le meme esprit qu'",
  'dans la meme veine que',
  "dans la meme veine qu'",
  'dans la veine de',
  "dans la veine d'",
  "dans l'esprit de",
  "j'ai adore",
  'jai adore',
  "j'ai aime",
  'jai aime',
  'wie',
  'ahnlich wie',
  'ahnlich',
  'so wie',
  'im stil von',
  'vergleichbar mit',
];

/**
 * "like <title>" in languages whose word for it is an English word too (Italian "come", Portuguese
 * "tem"): read only in a message written in that language.
 */
export const LIKE_PREFIXES_BY_LANG: Partial<Record<MessageLang, string[]>> = {
  it: LEXICONS.it.likePrefixes,
  pt: LEXICONS.pt.likePrefixes,
};

/**
 * The viewing words that tell a story in the past ("saw", "got back from"): after them a film's name
 * may be typed in lower case ("we watched up with the kids"). After the others ("watch", "to see",
 * "obsessed with") an ordinary lower-case word is what it says ("watch together tonight", "obsessed
 * with robots"): a film is taken only if typed as a name (a capital) or named in several words.
 */
const VIEWING_PAST_PREFIXES = [
  'saw',
  'seen',
  'watched',
  'rewatched',
  're watched',
  'caught',
  'binged',
  'finished',
  'just finished',
  'got back from',
  'came back from',
  'came out of',
  'walked out of',
  'went to see',
  'took me to see',
  'took me to',
  'just rewatched',
  'finally saw',
  'finally watched',
  'finally got to',
  'sat through',
];

export const VIEWING_PAST: ReadonlySet<string> = new Set(VIEWING_PAST_PREFIXES);

/**
 * A film named in a story of watching it ("saw Get Out last night", "my brother made me watch Zodiac",
 * "just got back from Prisoners"): read as "like <title>" only when a catalog film has that name, so
 * "I saw a lot of horror lately" is no unknown title.
 */
/** Asked to be shown one film ("pull up knives out", "put on the notebook"): the film itself is wanted. */
export const SHOW_FILM_PREFIXES = [
  'pull up',
  'put on',
  'throw on',
  'queue up',
  'bring up',
  'load up',
  'play',
  'stream',
  // Decision 0159: opening the message, a film wanted by its name is the film itself ("i wanna
  // watch everything everywhere all at once", "I'd like to see Inception").
  ...['i', 'we'].flatMap((who) =>
    [
      'want to',
      'wanna',
      "'d like to",
      'd like to',
      'would like to',
      'really want to',
      'really wanna',
    ].flatMap((want) =>
      ['watch', 'see', 'rewatch'].map((v) => `${who}${want.startsWith("'") ? '' : ' '}${want} ${v}`),
    ),
  ),
];

export const VIEWING_PREFIXES: string[] = [
  ...VIEWING_PAST_PREFIXES,
  ...SHOW_FILM_PREFIXES,
  'watch',
  'to see',
  'seeing',
  'watching',
  'rewatching',
  'rewatch',
  're watch',
  'obsessed with',
  'been obsessed with',
  // "what do i watch after grand budapest hotel": the film just seen, the next one like it (not
  // "what should we watch after dinner").
  'watch after',
  'watch next after',
  // "my kids love toy story, what else?", "she adores amelie": what the people it is for love (a
  // catalog film only: "loves horses" names none).
  'loves',
  'adores',
  'kids love',
  'they love',
  'we love',
  'we all love',
  'we both love',
  'both love',
  "can't get over",
  'cant get over',
  'still thinking about',
  'still not over',
];

/**
 * "is <title> on here?", "is <title> available?", "can I watch <title> here?": a frame that says the
 * words between its opening and its end are a film's name, however they are typed (a title the
 * catalog lacks is said to be missing, never read as other words). It opens a message or a
 * sentence, after small lead words at most ("hey, is …", "ok so is …").
 */
/**
 * Openers that ask for the title itself ("do you have X?", "¿tienen X?", "vous avez X ?"): the
 * question's end closes the frame ("have u got X??").
 */
const TITLE_ASKS = [
  'do you have',
  'do u have',
  'have you got',
  'have u got',
  'you got',
  'u got',
  'got',
  'tienen',
  'tienes',
  'teneis',
  'vous avez',
  'avez vous',
  'habt ihr',
  'haben sie',
  'hast du',
  'avete',
  'voces tem',
  'voce tem',
  // "can you find me dune part two": asked to find it, by name.
  'can you find me',
  'can u find me',
  'could you find me',
  'find me',
];

export const AVAILABILITY_FRAME = {
  opens: [
    'is',
    'are',
    'is there',
    'is the movie',
    'is the film',
    'can i watch',
    'can i stream',
    'can i find',
    'can i see',
    'could i watch',
    ...TITLE_ASKS,
  ],
  asks: TITLE_ASKS,
  ends: [
    'on here',
    'available',
    'in your catalog',
    'in your catalogue',
    'in the catalog',
    'in the catalogue',
    'in your library',
    'in your database',
    'in the database',
    'in there',
    'in here',
    'on this site',
    'on the site',
    'on this app',
    'on the app',
    'here',
  ],
  leads: [
    'hey',
    'hi',
    'hello',
    'yo',
    'ok',
    'okay',
    'so',
    'and',
    'but',
    'also',
    'btw',
    'oh',
    'um',
    'hmm',
    'wait',
    'then',
    'quick',
    'question',
  ],
};

/**
 * How a turn in a conversation opens ("ok but no wes anderson", "hmm, nothing with tom cruise",
 * "alright but less violent"): at the start of a message these words ask for nothing (never a
 * theme, never a word not understood). `always` at any start; `beforePause` only when a pause, a
 * joint or another such word follows ("well, …", "fine. …", "cool but …"; not "well made thrillers",
 * "great heist movies").
 */
export const DISCOURSE_MARKERS = {
  always: [
    'ok',
    'okay',
    'k',
    'kk',
    'alright',
    'allright',
    'aight',
    'hmm',
    'hmmm',
    'hm',
    'mm',
    'um',
    'umm',
    'uh',
    'erm',
    'oh',
    'ah',
    'ahh',
    'yeah',
    'yea',
    'yep',
    'yup',
    'nah',
    'nope',
    'anyway',
    'anyways',
    'lol',
    'haha',
  ],
  beforePause: ['well', 'right', 'fine', 'cool', 'nice', 'great', 'sure', 'so', 'actually', 'wait', 'hey'],
  /** The joints after which a `beforePause` word is still a marker ("fine then", "cool but"). */
  joints: ['but', 'and', 'then', 'so', 'though', 'now'],
};

/** Words that say which film of a title is meant ("the original Ghost in the Shell": the first released). */
export const ORIGINAL_WORDS: ReadonlySet<string> = new Set(['original', 'originale', 'orginal']);

/** "X was great, anything similar?": a title before one of these. */
export const LIKE_SUFFIXES: string[] = [
  // "is Oppenheimer on here?", "is Inception available?": a film asked for by name.
  'on here',
  'available',
  'type',
  'type films',
  'type movies',
  'esque',
  'toll',
  'genial',
  'was great',
  'was amazing',
  'was awesome',
  'was good',
  'was fantastic',
  'was brilliant',
  'was so good',
  'was incredible',
  'any good',
  'worth watching',
  'worth it',
  'was so fun',
  'was excellent',
  'was perfect',
  'was fun',
  'is my favorite',
  'is my favourite',
  'is one of my favorites',
  'is my fave',
  'is my fav',
  'is my all time fave',
  'is my all time fav',
  'is my all time favorite',
  'is my all time favourite',
  'is one of my faves',
  'is one of my favourites',
  'is one of my all time fav',
  'is one of my all time fave',
  'is one of my all time favorite',
  'is one of my all time favourite',
  'is one of my fav',
  'was my fave',
  'is my go to',
  'is my comfort',
  'is my favorite ever',
  'was really good',
  'was a great movie',
  'was so much fun',
  'like',
  'style',
  'vibes',
  // "silense of the lamb type movies": a film named as the type of film wanted.
  'type movies',
  'type films',
  'type movie',
  'type film',
  'type of movies',
  'type of films',
  'type stuff',
  'fue genial',
  'me encanto',
  'etait genial',
  'etait super',
  'war toll',
  'war super',
  'war grossartig',
  'blew my mind',
  'blew me away',
  'was mind blowing',
  'was a masterpiece',
  'is a masterpiece',
  'was beautiful',
  'was so cool',
  'was the best',
  // "hot fuzz is the funniest thing ive ever seen": a verdict on the film named.
  'is the best',
  'is the funniest',
  'was the funniest',
  'is the scariest',
  'was the scariest',
  'is the saddest',
  'was the saddest',
  'is the greatest',
  'was the greatest',
  'rocked',
  'was epic',
  'knocked my socks off',
  'left me speechless',
  'stuck with me',
  'stayed with me',
  // "nightcrawler left me feeling gross in the best way": a verdict on the film named.
  'left me feeling',
  'left me',
  'made my day',
  'is the best',
  'was my favorite',
  'was my favourite',
  'me volo la cabeza',
  'me encanto',
  "m'a bouleverse",
  'ma bouleverse',
  "m'a plu",
  'hat mich umgehauen',
  'fand ich toll',
  'fand ich super',
  // Praise in slang ("Top Gun: Maverick was sick").
  'was sick',
  'is sick',
  'was lit',
  'was fire',
  'is fire',
  'was dope',
  'was insane',
  'was wild',
  'was unreal',
  'was peak',
  'is peak',
  'was a banger',
  'is a banger',
  'was goated',
  'is goated',
  'slapped',
  'slaps',
  'went hard',
  'goes hard',
  'hit different',
  'hits different',
  'was a vibe',
  'was so good',
  'was so sick',
  'was top tier',
  'is perfect',
  'was perfect',
  'is amazing',
  'is great',
  'was great fun',
  'melted my brain',
  'broke my brain',
  'wrecked me',
  'destroyed me',
  'was a ride',
];

/**
 * Words that ask for films like one the message names in its own way ("is Oppenheimer in there? i
 * want something like it", "Top Gun: Maverick was sick, more like that", "¿tienes Encanto? … algo
 * parecido").
 */
export const SIMILAR_WORDS: string[] = [
  'what else would i like',
  'what else would i enjoy',
  'with that feeling',
  'that same feeling',
  'the same feeling',
  'like it',
  'like that',
  'like this',
  'like that one',
  'like this one',
  'like those',
  'like these',
  'like them',
  'similar',
  'similar ones',
  'something similar',
  'anything similar',
  'more like that',
  'more like it',
  'more like this',
  'more of that',
  'more of the same',
  'same kind',
  'same vibe',
  'same vibes',
  'in the same vein',
  'in that vein',
  'in that spirit',
  'in the same spirit',
  'along those lines',
  'along the same lines',
  'stuff like that',
  'things like that',
  'what next',
  'whats next',
  'whats similar',
  "what's similar",
  'what is similar',
  "what's next",
  'algo parecido',
  'algo similar',
  'algo asi',
  'parecido',
  'parecida',
  'parecidos',
  'parecidas',
  'similares',
  'como esa',
  'como ese',
  'quelque chose de similaire',
  'quelque chose de pareil',
  'similaire',
  'similaires',
  'dans le meme genre',
  'du meme genre',
  'pareil',
  'ahnlich',
  'ahnliches',
  'ahnliche',
  'ahnlichen',
  'so etwas',
  'sowas',
  'so was',
  'in der art',
  'qualcosa di simile',
  'simile',
  'simili',
  'del genere',
  'semelhante',
  'semelhantes',
  'algo assim',
  'nesse estilo',
];

/** Asking whether the catalog has a film named in the message ("… do u have it?"). */
const HAVE_IT_ANAPHORS: string[] = [
  'have it',
  'got it',
  'you have it',
  'you got it',
  'is it in there',
  'is it in your catalog',
  'is it on here',
  'lo tienes',
  'tu l as',
  'hast du ihn',
  'hast du den',
];

/**
 * Words that point back at a film the message names: with one of these, a capitalised name (or the
 * one phrase nothing else reads) is a title.
 */
export const SIMILAR_ANAPHORS: string[] = [...SIMILAR_WORDS, ...HAVE_IT_ANAPHORS];

/** Small words inside a title typed in capitals ("Everything Everywhere All at Once"). */
export const TITLE_SMALL_WORDS = new Set(
  'of the a an at in on and to for with from by or vs de la le les el los las del du des der die das und y et'.split(
    ' ',
  ),
);

/**
 * Days, months and times of day typed with a capital after a small word end a name in capitals
 * ("watch Killers of the Flower Moon on Friday": the name stops before "on Friday").
 */
export const CALENDAR_WORDS = new Set(
  'monday tuesday wednesday thursday friday saturday sunday weekend tonight today tomorrow january february march april june july august september october november december christmas easter halloween'.split(
    ' ',
  ),
);

/**
 * Single capitalised words before "films"/"movies" that are no person: studios, services, awards,
 * festivals and film industries ("Pixar movies", "Oscar films"). Any other single name there that
 * the catalog does not know as a title, keyword or request word is a person ("Kubrick films").
 */
export const NOT_PEOPLE_WORDS = new Set(
  'disney pixar marvel dc ghibli dreamworks illumination netflix hbo amazon hulu apple a24 criterion oscar oscars academy golden globe cannes sundance berlinale venice bafta hollywood bollywood nollywood tollywood hammer universal warner paramount miramax lucasfilm aardman laika blumhouse studio indie arthouse cult b'.split(
    ' ',
  ),
);

/** Words that end a title in "like <title> but darker". */
export const TITLE_BOUNDARIES = new Set([
  // "my old amelie dvd": what a film comes on is no word of its name.
  'dvd',
  'dvds',
  'bluray',
  'vhs',
  'tape',
  'poster',
  'soundtrack',
  'then',
  'pls',
  'plz',
  'lol',
  'thanks',
  'thx',
  'maybe',
  'instead',
  'again',
  'tonight',
  'today',
  'now',
  'ok',
  'okay',
  'but',
  'with',
  'from',
  'that',
  'which',
  'please',
  'only',
  'except',
  'without',
  'no',
  'not',
  'made',
  'released',
  'starring',
  'directed',
  'though',
  'although',
  'yet',
  'for',
  'so',
  'under',
  'over',
  'less',
  'more',
  'set',
  'plus',
  'minus',
  'what',
  'anything',
  'something',
  'any',
  'recommend',
  'suggest',
  'and',
  'or',
  'in',
  'pero',
  'con',
  'sin',
  'mais',
  'avec',
  'sans',
  'aber',
  'mit',
  'ohne',
  'de',
  'des',
  'von',
  'aus',
  'only',
  'too',
  'also',
  'can',
  'could',
  'would',
  'got',
  'do',
  'is',
  'was',
  'are',
  'it',
  'movies',
  'films',
  'peliculas',
  'filme',
  'et',
  'y',
  'und',
  'a',
  // Function words of the other languages ("tipo Toy Story para as crianças").
  'para',
  'pra',
  'per',
  'com',
  'ma',
  'mas',
  'senza',
  'sem',
  'che',
  'que',
  'pour',
  'fur',
  'dos',
  'degli',
  'anni',
  'anos',
  'porque',
  'perche',
  'weil',
  'parce',
]);

export const NEGATIONS: string[] = [
  'no',
  'not',
  'without',
  'nothing',
  "isn't",
  'isnt',
  "aren't",
  'arent',
  "doesn't",
  'doesnt',
  "don't",
  'dont',
  // What a film must not do ("one that won't give her nightmares", "shouldn't be too long").
  "won't",
  'wont',
  'will not',
  "wouldn't",
  'wouldnt',
  "shouldn't",
  'shouldnt',
  'should not',
  "mustn't",
  'must not',
  // Decision 0131: "it can't be animated", "they've rebelled against cartoons".
  "can't be",
  'cant be',
  'cannot be',
  'can not be',
  'rebelled against',
  'turned against',
  'outgrown',
  'not about',
  'without any',
  'nothing with',
  'nothing about',
  'except',
  // "nobody dying of cancer", "no one gets hurt": what follows is ruled out.
  'nobody',
  'no one',
  // "anything but horror", "tout sauf un drame": all that is not what follows.
  'anything but',
  'anything except',
  'anything other than',
  'something other than',
  // "other than the hangover movies, everyone's seen those".
  'other than',
  'cualquier cosa menos',
  'lo que sea menos',
  'tout sauf',
  'alles ausser',
  'alles außer',
  'qualsiasi cosa tranne',
  'tudo menos',
  'avoid',
  'avoiding',
  'skip',
  'hate',
  "don't want",
  'dont want',
  'do not want',
  'no more',
  'none',
  'minus',
  'free of',
  'not a',
  'not any',
  // Counted to none ("zero cartoons", "not a single musical", "0 romance").
  'zero',
  '0',
  'not a single',
  'not one',
  'not one single',
  'not even one',
  'not even a',
  'not even any',
  'absolutely no',
  'absolutely nothing',
  'definitely no',
  'definitely not',
  'cero',
  'ningun',
  'ninguna',
  'aucun',
  'aucune',
  'pas un seul',
  'pas une seule',
  'kein einziger',
  'keinen einzigen',
  'keine einzige',
  'null',
  'never',
  'excluding',
  'but no',
  'but not',
  // What a request takes the place of ("a comedy instead of a horror") is ruled out.
  'instead of',
  'rather than',
  'in place of',
  // Decision 0133: refusals and lack of interest ("he flat-out refuses anything animated", "not
  // interested in laser battles").
  'refuses',
  'refuse',
  'refused',
  'not interested in',
  'no interest in',
  'not keen on',
  // Aversions name what to leave out ("I'm so tired of zombies").
  'tired of',
  'sick of',
  'sick and tired of',
  'fed up with',
  // "trying to wean him off cartoons a bit"
  'wean him off',
  'wean her off',
  'wean them off',
  'wean off',
  'had enough of',
  // "i've had enough marvel for a lifetime"
  'had enough',
  // Decision 0134: having had too much of it ("my kids have OD'd on cartoons", "had our fill of").
  "od'd on",
  'odd on',
  'od on',
  'overdosed on',
  'overdosing on',
  'burnt out on',
  'burned out on',
  'had our fill of',
  'had their fill of',
  'had my fill of',
  'had its fill of',
  // Decision 0127: being over something ("my kids are over animation", "i'm so over superheroes").
  'are over',
  'are so over',
  'are kinda over',
  "i'm over",
  "i'm so over",
  'im over',
  'im so over',
  'i am over',
  'so over',
  'kinda over',
  'kind of over',
  'sort of over',
  'enough of',
  "can't stand",
  'cant stand',
  'can not stand',
  'cannot stand',
  'not a fan of',
  // Decision 0160: "not a big fan of musicals" (no "fan" ruled out).
  'not a big fan of',
  'not a huge fan of',
  'not a massive fan of',
  'not the biggest fan of',
  'not much of a fan of',
  'no fan of',
  'not into',
  // Decision 0133: the same said softly ("not really into big space battles or superhero stuff").
  'not really into',
  'not really a fan of',
  'not much into',
  'not big on',
  'not really big on',
  'not that into',
  // Decision 0119: a viewer who leaves at something ("grandma walks out if there's swearing").
  'walks out if',
  'walk out if',
  // "marco said he'll leave if it's another superhero movie"
  'leave if',
  'will leave if',
  'walks out when',
  'walks out at',
  'leaves the room if',
  'leaves the room when',
  'leaves if',
  "can't handle",
  'cant handle',
  'cannot handle',
  'had it with',
  "i've had it with",
  'had enough with',
  'burnt out on',
  'burned out on',
  'burnt out with',
  'burned out with',
  'done with',
  'so done with',
  'enough with',
  'no more of',
  "can't do",
  'cant do',
  'cannot do',
  'can not do',
  "can't handle",
  'cant handle',
  'cannot handle',
  "can't take",
  'cant take',
  'cannot take',
  "can't deal with",
  'cannot deal with',
  'not in the mood for',
  'allergic to',
  // Decision 0151: what turns a viewer's stomach ("he gets really queasy with anything bloody or
  // horror-ish", "grossed out by gore") is left out, as "can't handle" is.
  'queasy with',
  'queasy at',
  'queasy about',
  'queasy around',
  'squeamish with',
  'squeamish about',
  'squeamish around',
  'grossed out by',
  "can't stomach",
  'cant stomach',
  'cannot stomach',
  'steer clear of',
  'stay away from',
  'spare me',
  'rather not',
  "i'd rather not",
  "don't need",
  'dont need',
  'no need for',
  'nothing involving',
  'nothing featuring',
  'not big on',
  'so over',
  'im over',
  "i'm over",
  'over it with',
  'not keen on',
  'bored of',
  'bored with',
  'dislike',
  "don't like",
  'dont like',
  'sin',
  'nada de',
  // Decision 0119: "nada demasiado violento", "rien de trop effrayant", "nichts zu Gruseliges".
  'nada',
  'rien',
  'nichts',
  'ni',
  'sans',
  'pas de',
  'pas',
  'ohne',
  'kein',
  'keine',
  'keinen',
  'nicht',
  'senza',
  'niente',
  'nessun',
  'nessuna',
  'non',
  'sem',
  'nao',
  'nenhum',
  'nenhuma',
  // Decision 0156: the words of disliking in each language, any person ("mi novio odia…").
  ...inEveryLanguage('dislikes'),
];

/** Words after which a negation may skip ("not too sad", "no more than"). */
export const NEGATION_FILLERS = new Set([
  // "not one of those comedies that's secretly a sad drama": what is ruled out comes after these.
  'one',
  'of',
  'those',
  'these',
  'whatsoever',
  'anything',
  'everything',
  'stuff',
  'single',
  'too',
  'any',
  'a',
  'an',
  'the',
  'so',
  'very',
  'overly',
  // Degree words ("not super graphic", "nothing particularly gory"): what is ruled out comes after.
  'super',
  'particularly',
  'especially',
  'extremely',
  'terribly',
  'remotely',
  'de',
  'des',
  'du',
  'la',
  'le',
  'el',
  'los',
  'las',
  'zu',
  'sehr',
  'trop',
  'demasiado',
  'muy',
  'much',
  'real',
  'actual',
  'all',
  'that',
  // "isn't set at christmas or at a wedding": where a film is set is no word of the scope's own.
  'set',
  'at',
  'on',
  'during',
  'around',
  'troppo',
  'molto',
  'muito',
  'tao',
  'il',
  'um',
  'uma',
  'di',
  'do',
  'da',
]);

/** Thanks and goodbyes: answered as such, not with the introduction. */
export const THANKS: string[] = inEveryLanguage('thanks');

export const GREETINGS: string[] = inEveryLanguage('greetings');
/** Words asking which one of the films shown ("lequel", "cuál", "welcher"): known words, never typos. */
export const WHICH_ONE_WORDS = [
  'lequel',
  'laquelle',
  'lesquels',
  'lesquelles',
  'cual',
  'cuales',
  'welcher',
  'welche',
  'welches',
  'quale',
  'quali',
];

/** Words that can only be about films. */
export const STRONG_MOVIE_CONTEXT: string[] = inEveryLanguage('strongMovieContext');

/** Words that show a message is about films (so unmatched words there are themes, not chit-chat). */
export const MOVIE_CONTEXT: string[] = inEveryLanguage('movieContext');

/**
 * How a film left someone ("can't stop thinking about it", "my heart is still racing", "it stuck with
 * me for days"): a story about the film named, never a theme to look for.
 */
export const REACTION_PHRASES: string[] = inEveryLanguage('reactions');
/** The chat itself judged ("you are the dumbest bot"): an apology and a way on (decision 0159). */
export const REBUKES: string[] = inEveryLanguage('rebukes');
/** Praise of the film asked for ("that slaps", "actually fire"): no theme (decision 0159). */
export const PRAISE_ASKED: string[] = inEveryLanguage('praise');

/** Words that carry no request on their own (ignored when saying what was not understood). */
/**
 * Like what was shown (or offered for a title the catalog lacks): "something similar then". Said
 * alone, "another"; in a message that names a film ("just watched get out, anything similar?"),
 * like that film.
 */
export const LIKE_SHOWN = [
  'similar',
  'something similar',
  'similar ones',
  'like that',
  'like those',
  'like these',
  'like it',
  'that vibe',
  'in that vibe',
  'that kind of thing',
];

/**
 * What a visitor asks for when they ask "do you have …" for suggestions, not a film ("vous avez des
 * idées ?", "¿tienes alguna idea?", "hast du Ideen?"), with the words that count them; accents folded.
 */
export const SUGGESTION_NOUNS = new Set(
  `idea ideas idee idees ideen ideia ideias suggestion suggestions sugerencia sugerencias suggerimento
  suggerimenti sugestao sugestoes vorschlag vorschlage vorschlaege tip tips tipp tipps dica dicas consejo consejos
  conseil conseils consiglio consigli recommendation recommendations recs recomendacion recomendaciones
  recomendacao recomendacoes empfehlung empfehlungen`.split(/\s+/),
);
export const SUGGESTION_COUNTS = new Set(
  `any some a an alguna alguno algun algunas algunos alguma algum algumas alguns qualche quelques des une un
  einige ein paar eine otras outras altre autres other more mas plus noch`.split(/\s+/),
);

export const FILLER = new Set(
  `i me my we us you your a an the some any something anything one ones movie movies film films flick flicks please
  make instead switch change try
  gute guten gutes guter bon bonne bons bonnes buena buen bueno buenas buenos
  fur cherche busco suche only lieber gern gerne that'll thatll that'd anyone anybody everyone everybody everyone's everyones everybody's everybodys
  want wanna would like love could can you recommend suggest show give find me watch watching to see for tonight
  today now good great nice best really very just kind sort of type that this those these is are be was it its and or
  but with in on at by of from about set story stories get got need looking look something else idea ideas pick picks
  let lets us maybe perhaps which what who how there here have has had do does did so too also again more bit little
  quite rather pretty watchable enjoy enjoyable fun cool interesting decent solid nice lovely time evening night weekend
  id im ive i'd i'm i've we've weve you've they've literally gonna got go going as if then than well yes yeah ok okay thanks thank hey hi hello all every
  should shall will wouldn't know think feel mood mind up down into out over off not no plz pls please recommendation
  recommendations suggestion suggestions options option choice choices ones stuff thing things based similar next
  better messed help choose decide
  put pull play stream queue
  real actual proper rated rating higher score lol involve involves involving include includes including feature
  features featuring contain contains has have having much that's thats it's there's theres haha ok then actually anyway whatever someone something somewhere else pls thx u ur
  quiero una un una unas unos algo pelicula peliculas por favor me de la el los las que para con ver cosas cosa
  je veux un une des le la les film films quelque chose pour voir avec de du s'il te plait
  ich mochte will einen eine ein etwas film filme bitte zum sehen mit der die das aus den dem des von vom im zu al del au aux uber sobre sur
  she he they her him his hers them their mine yours ours theirs myself yourself ourselves gf bf girlfriend boyfriend wife husband partner mom mum dad
  grandma grandpa granny parents friend friends
  recomiendame recomienda recomiendas recomendar recomiendes busco buscando noche esta este hoy
  recommande recommandes recommander conseille conseilles soir ce cette ceci aujourd'hui aujourd hui
  conseiller conseillez pourrais pourriez pourrait peux pouvez voudrais voudriez aimerais
  empfiehl empfehle empfehlen suche suchst heute abend heute einen einem einer eines encore todavia aun noch
  en y o ou oder und et aber pero mais ganze ganzen toda todo toute tout hmm hm um uh ah oh ooh welp ya yall yea yah wat wut
  ish though tho seen many already yet tone vibe vibes energy feeling spirit way
  roughly approximately approx specific particular
  saw watched loved liked enjoyed last week yesterday month
  vorrei voglio cerco cercando qualcosa stasera guardare vedere per della delle degli dei del gli uno una di da che mi
  consigli consigliami consiglia grazie favore ciao questa sera
  quero queria procuro procurando algo um uma umas uns filme filmes pra para com hoje noite esta ver assistir me
  recomenda indica voce favor obrigado mostrar mostra minha meu namorada namorado gringa gringo
  hab habe lust auf mal gern gerne heute said says told telling tells keeps kept recommended suggested swears insists
  matter matters length runtime peli pelis sea sean seja sia eu adoro gosto amo gibt nur es qual quale bel bello bella buon buono buona bom boa legal
  absolutely totally completely utterly extremely seriously genuinely truly literally whatsoever basically
  honestly essentially practically virtually probably definitely
  shame pity bummer damn darn dang aw aww meh ugh
  hola salut hallo ciao ola svp plutot preferably ideally recs rec tmrw tmr ever
  puede pueda puedes si ser verdad
  demais muito mucho muchisimo beaucoup tanto tantissimo
  niais niaise niaises cursi cursis kitschig sdolcinato sdolcinata brega
  gimme lemme kinda sorta gotta dunno bangin banging dope legit lowkey highkey af fr ngl tbh imo idk lmao lmk`.split(
    /\s+/,
  ),
);

/** What the evening is, not what the film is about ("a halloween party", "her sleepover"). */
export const OCCASION_NOUNS: ReadonlySet<string> = new Set([
  'party',
  'parties',
  'sleepover',
  'sleepovers',
  'gathering',
  'bash',
  // Decision 0131: "a christmas hangout".
  'hangout',
  'celebration',
]);

/**
 * Decision 0116: words of the viewing situation (when, where, in what state, with whom), never what
 * the film is about unless said as its topic ("a film about a flight"): "12 hour flight tomorrow",
 * "home sick on the couch", "rainy sunday, blanket", "having the boys over". (Food and drink stay
 * words: "order me a pizza" is off-topic.)
 */
export const VIEWING_SITUATION = new Set(
  `tomorrow tonite today yesterday morning mornings afternoon afternoons evenings weekend weekends
  sunday saturday friday monday tuesday wednesday thursday early later whole hour hours
  home couch sofa blanket blankets duvet bed pillow flat lounge tv telly screen laptop ipad phone plane
  flight flights flying download downloaded downloading tmrw dozing doze nap napping
  rain rainy raining pouring freezing cold chilly snowed
  sick ill tired exhausted hungover sleepy bored brain mush
  boys lads guys roommate roommates flatmate flatmates yell yelling shout shouting`.split(/\s+/),
);

/** Clear signs of an off-topic request (cooking, weather, homework…), when nothing film-like is asked. */
export const OFF_TOPIC: string[] = inEveryLanguage('offTopic');
/** "ugh no, something darker", "nah. a thriller", "no": the films shown turned down, a word of its own. */
export const TURNED_DOWN: readonly string[] = ['no', 'nah', 'nope', 'naw', 'meh', 'nein', 'non'];

/** Questions about the chat itself ("how does this work?"): its greeting says what it does. */
export const HELP: string[] = inEveryLanguage('help');

/**
 * Leaving films behind ("forget about the movie catalog and…", "ignore the movie stuff", "stop
 * recommending movies and…"): a verb of setting aside, then (within a few words of `LEAVE_BETWEEN`)
 * a word for films themselves. What follows is no film request unless it names a genre, a mood or a
 * title. "forget the superhero stuff" sets aside a kind of film, not films.
 */
export const LEAVE_VERBS: string[] = inEveryLanguage('leaveVerbs');
export const LEAVE_BETWEEN = new Set(
  'about the your all this with recommending suggesting talking picking a for second moment minute sec bit los las les el la le die den das il lo o a de des'.split(
    ' ',
  ),
);
export const LEAVE_OBJECTS = new Set(
  'movie movies film films cinema catalog catalogue recommendations recommendation suggestions peliculas pelicula filme kino catalogo'.split(
    ' ',
  ),
);

/** Words for cheese in a film, in the languages read ("not cheesy", "pas trop niais"). */
export const CHEESE_WORDS = `cheesy cheese sappy corny schmaltzy saccharine niais niaise niaises cursi cursis
  kitschig sdolcinato sdolcinata brega`.split(/\s+/);

/**
 * Embarrassment, not a kind of film: "not cringe to watch next to a stranger" asks for nothing the
 * clauses read, and "cringe" is no typo of "crying" (the sad mood).
 */
export const CRINGE_WORDS = ['cringe', 'cringey', 'cringy', 'cringeworthy', 'cringing'];

/**
 * Decision 0114: figures of speech whose words would read as a request but ask for nothing ("it's a
 * nightmare to agree on anything" is no horror, "I'm dying to watch something" no death).
 */
/**
 * Decision 0159: a rainy spell at home ("good movie for a rainy afternoon?") asks for cosy films when
 * nothing else is asked; beside a kind ("mind-bending sci-fi for a rainy sunday", "a proper epic")
 * it is only when they watch.
 */
export const COSY_OCCASIONS = [
  ...['rainy', 'rainy lazy', 'lazy rainy', 'wet', 'gloomy'].flatMap((w) =>
    ['afternoon', 'sunday', 'saturday', 'evening', 'night', 'weekend', 'days'].map((d) => `${w} ${d}`),
  ),
  // Decision 0160: snowed in by the fire with a hot drink ("fire going, hot chocolate").
  ...['snowed in', 'snowy', 'snow day', 'snowstorm', 'blizzard outside', 'winter night', 'cold night'],
  ...['fire going', 'fire on', 'fire lit', 'by the fire', 'by the fireplace', 'fireplace', 'log fire'],
  ...['hot chocolate', 'hot cocoa', 'cup of tea', 'mug of tea', 'cuppa', 'under a blanket', 'blanket'],
];

export const FIGURES_OF_SPEECH = [
  // "short horror, its a school night": the evening, not a school.
  'school night',
  // "my roommate is playing music super loud": the noise around, no musical asked (decision 0159).
  ...['playing', 'blasting', 'listening to', 'blaring', 'plays', 'blasts'].map((v) => `${v} music`),
  'loud music',
  'work night',
  // "the godfather which doesnt count haha", "where should i start": the story around a request.
  "doesn't count",
  'doesnt count',
  'does not count',
  "that's cheating",
  'where should i start',
  'where do i start',
  'where to start',
  'where should we start',
  'a nightmare to',
  'is a nightmare',
  "it's a nightmare",
  'its a nightmare',
  'such a nightmare',
  'a total nightmare',
  'been a nightmare',
  'was a nightmare',
  'dying to',
  'killing me',
  'to die for',
  'back to back',
  // "hit me", "hit me with it": give me what you have.
  'hit me',
  // "rated 8 or higher, life's too short": no length asked.
  "life's too short",
  'life is too short',
  'lifes too short',
  // Films wanted with nothing to narrow them (decision 0116): no "surprise" theme.
  'surprise me',
  'surprise us',
  // "they've seen every single one": no "single" theme.
  'every single',
  'each and every',
  // "a movie that makes you feel dumb in a good way": no dumb film asked for.
  'feel dumb',
  'feel stupid',
  'feeling dumb',
  'feeling stupid',
  // The speaker's own childhood is a memory, not the audience ("horror i was too scared to watch
  // as a kid": no children's films).
  'as a kid',
  'as kids',
  'as a little kid',
  'as a child',
  'as children',
  'when i was a kid',
  'when i was little',
  'when i was young',
  'when i was a child',
  'when we were kids',
  'when we were little',
  'since i was a kid',
  'since i was little',
  'growing up',
  // How long a film stays with someone ("mess with my head for days"): no topic of days.
  'for days',
  'for weeks',
  'for months',
  'for years after',
  'for days after',
  'days after',
  // How tired the speaker is or will be ("or i'll be a zombie at work tomorrow"): no zombie films.
  'be a zombie',
  'like a zombie',
  "i'm a zombie",
  'im a zombie',
  'a total zombie',
  'walking zombie',
  'zombie mode',
  'dead tired',
  'dead on my feet',
];

/**
 * Decision 0114: words that carry no request of their own, never "not caught": function words
 * ("under a blanket", "across town") and, before a phrase a clause read, the words that only
 * qualify it ("young kids", "small children": the children were read).
 */
export const NO_REQUEST_WORDS = new Set(
  `under above below beneath underneath behind beside besides between across through throughout during
  without within against toward towards inside outside near around upon onto among amongst along
  while because although though whether since until unless whenever wherever whatever whichever
  honestly frankly basically anyways help`.split(/\s+/),
);
export const QUALIFYING_WORDS = new Set(
  'young younger little small tiny older big bigger grown whole entire'.split(' '),
);

/**
 * Decision 0114: words that ask for films, beside a person ruled out after a list ("seen all the
 * wes anderson ones. anything not by him?", "something else, nothing with tom cruise").
 */
export const ASKS_FOR_FILMS = [
  'anything',
  'something',
  'what else',
  'any others',
  'other ones',
  'other films',
  'other movies',
  'others',
  'alternatives',
  'recommend',
  'suggest',
  'algo',
  'autre chose',
  'etwas anderes',
];

/** Parts of a film that are liked on their own ("loved the trailer", "liked its soundtrack"): never a title. */
export const FILM_PARTS: ReadonlySet<string> = new Set(
  'trailer trailers teaser soundtrack soundtracks score music ending endings opening cast acting performances cinematography visuals effects costumes dialogue script plot twist premise atmosphere sequel sequels prequel book books'.split(
    ' ',
  ),
);

/** Animation or live action, either said to do ("animated or live action is fine", "live action or anime"). */
export const EITHER_KIND_PHRASES = ['animated', 'animation', 'cartoon', 'cartoons', 'anime']
  .flatMap((kind) =>
    ['', ' film', ' films', ' movie', ' movies'].flatMap((film) => [
      `${kind}${film} or live action`,
      `live action or ${kind}${film}`,
    ]),
  )
  .concat(
    ['animated', 'live action'].flatMap((kind) => ['either', 'whichever', 'both'].map((w) => `${kind} ${w}`)),
  );

/** "live-action", "not animated": films with actors, never Animation. */
export const LIVE_ACTION_PHRASES = [
  'live action',
  'non animated',
  'not animated',
  'real actors',
  'actual actors',
  'real people not cartoons',
  'acción real',
  'accion real',
  'imagen real',
  'prise de vue reelle',
  'prises de vues reelles',
  'realfilm',
  'realverfilmung',
];

/** Words of the ways someone stops paying attention ("she gets restless after an hour and a half"). */
export const ATTENTION_WORDS: string[] = inEveryLanguage('attention');

/** Words that make a message narrow the last request wherever they stand ("horror specifically"). */
export const NARROWING_WORDS: string[] = inEveryLanguage('narrowing');
/** Words that make the genres and moods named replace the last request's ("thrillers instead"). */
export const REPLACING_WORDS: string[] = inEveryLanguage('replacing');

/** Tasks that are no film request even when they mention films ("write me a poem about movies"). */
export const OFF_TOPIC_TASKS: string[] = inEveryLanguage('offTopicTasks');

/** Follow-ups that only make sense in a conversation. */
/**
 * Decision 0134, the story around a request (clauses.ts `inStorySentence`): words that make a
 * sentence part of the request besides film nouns and genres (asking, wanting, a taste, a topic cue)…
 */
export const ASKING_WORDS: readonly string[] = [
  'cinema',
  'something',
  'anything',
  'recommend',
  'recommendation',
  'recommendations',
  'recs',
  'rec',
  'suggest',
  'suggestion',
  'suggestions',
  'ideas',
  'idea',
  'need',
  'needs',
  'want',
  'wants',
  'wanna',
  'looking',
  'craving',
  'mood',
  'show',
  'give',
  'find',
  'pick',
  'about',
  'love',
  'loves',
  'like',
  'likes',
  'into',
  'obsessed',
  'fan',
  'enjoy',
  'enjoys',
  'favourite',
  'favorite',
  'prefer',
  'prefers',
];
/** …who a story is told of (a sentence without them describes the films wanted: "tall ships, men in the rain")… */
export const STORY_TELLERS: readonly string[] =
  "i i'm im i've ive i'd we we're were we've he he's she she's they they're my our his her their me us".split(
    ' ',
  );
/** …and occasions, what a film is for wherever they are told ("christmas eve, my in-laws are staying"). */
export const OCCASION_WORDS: readonly string[] = [
  'christmas',
  'xmas',
  'halloween',
  'thanksgiving',
  'valentine',
  'new year',
  'easter',
  'birthday',
  'wedding anniversary',
];

/**
 * "seen most of those", "watched a few of them already": some of the films shown are seen, so more
 * are asked for (with "more?" or alone).
 */
const SEEN_SOME_OF_SHOWN = ['seen', 'watched', 'saw', 'know', 'finished'].flatMap((verb) =>
  [
    'most',
    'some',
    'a few',
    'a couple',
    'half',
    'several',
    'many',
    'a lot',
    'both',
    'like all',
    'basically all',
  ].flatMap((how) => [`${verb} ${how}`, ...SHOWN_AFTER_OF.map((them) => `${verb} ${how} of ${them}`)]),
);

export const FOLLOW_UPS: { kind: 'another' | 'newer' | 'older'; phrases: string[] }[] = [
  {
    kind: 'newer',
    phrases: [
      'too old',
      // The films shown judged old ("those are kinda old for me"): newer ones, not classics.
      'kinda old',
      'kind of old',
      'a bit old',
      'a little old',
      'pretty old',
      'old for me',
      'all old',
      'are old',
      'too dated',
      'trop vieux',
      'trop vieille',
      'trop ancien',
      'trop ancienne',
      'muy antigua',
      'muy antiguas',
      'muy vieja',
      'muy viejas',
      'zu alt',
      'troppo vecchio',
      'troppo vecchi',
      'muito antigo',
      'muito antigos',
      'more modern',
      'more recent',
      'newer',
      'something newer',
      'latest',
      'modern',
      'mas reciente',
      'mas recientes',
      'mas nueva',
      'mas nuevas',
      'mas nuevo',
      'mas nuevos',
      'piu recente',
      'piu recenti',
      'mais recente',
      'mais recentes',
      'plus recent',
      'plus recents',
      'neuer',
      'neuere',
      'aktueller',
    ],
  },
  {
    kind: 'older',
    phrases: [
      'too new',
      'too recent',
      'too modern',
      'older',
      'something older',
      'earlier',
      'mas antigua',
      'mas antiguas',
      'mas antiguo',
      'mas antiguos',
      'mas vieja',
      'mas viejas',
      'mas viejo',
      'mas viejos',
      'plus ancien',
      'plus anciens',
      'plus vieux',
      'plus vieille',
      'plus vieilles',
      'piu vecchio',
      'piu vecchi',
      'piu vecchia',
      'piu vecchie',
      'mais antigo',
      'mais antigos',
      'mais antiga',
      'mais antigas',
      'mais velho',
      'mais velhos',
      'alter',
      'altere',
    ],
  },
  {
    kind: 'another',
    phrases: [
      ...SEEN_SOME_OF_SHOWN,
      'seen all',
      'seen them all',
      'seen those',
      'seen these',
      'seen all of those',
      'seen all of these',
      'seen them',
      'already seen',
      'finished all',
      'finished them all',
      'finished them',
      'finished those',
      'watched all',
      'watched them all',
      'watched them',
      'watched those',
      // "watched every one of those already 😅 what else ya got".
      'seen every',
      'seen each',
      'watched every',
      'watched each',
      'what else',
      'done with those',
      'done with them',
      'what next',
      'what now',
      'none of those',
      'none of these',
      'another',
      'another one',
      'more',
      'others',
      'other ones',
      'next',
      'again',
      'something else',
      'any others',
      'more please',
      'show me more',
      'give me more',
      'more options',
      'different ones',
      'different',
      'otra',
      'otras',
      'mas',
      'autre',
      'autres',
      'encore',
      'andere',
      'noch mehr',
      'mehr',
      'weitere',
      'altri',
      'altro',
      'ancora',
      'outro',
      'outra',
      'outros',
      'outras',
    ],
  },
];

export const ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  last: -1,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
  '4th': 4,
  '5th': 5,
  primera: 1,
  segunda: 2,
  tercera: 3,
  premier: 1,
  premiere: 1,
  deuxieme: 2,
  troisieme: 3,
  erste: 1,
  ersten: 1,
  zweite: 2,
  zweiten: 2,
  dritte: 3,
  dritten: 3,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
};

export const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  a: 1,
  an: 1,
  una: 1,
  uno: 1,
  dos: 2,
  tres: 3,
  une: 1,
  deux: 2,
  trois: 3,
  eine: 1,
  einer: 1,
  zwei: 2,
  drei: 3,
  half: 0.5,
  un: 1,
  "un'": 1,
  um: 1,
  uma: 1,
  due: 2,
  dois: 2,
  duas: 2,
  tre: 3,
};

export const DECADE_WORDS: Record<string, number> = {
  twenties: 1920,
  thirties: 1930,
  forties: 1940,
  fifties: 1950,
  sixties: 1960,
  seventies: 1970,
  eighties: 1980,
  nineties: 1990,
  noughties: 2000,
  cincuenta: 1950,
  sesenta: 1960,
  setenta: 1970,
  ochenta: 1980,
  noventa: 1990,
  cinquante: 1950,
  soixante: 1960,
  'soixante dix': 1970,
  'quatre vingt': 1980,
  'quatre vingts': 1980,
  'quatre vingt dix': 1990,
  funfziger: 1950,
  sechziger: 1960,
  siebziger: 1970,
  achtziger: 1980,
  neunziger: 1990,
  sessanta: 1960,
  settanta: 1970,
  ottanta: 1980,
  novanta: 1990,
  sessenta: 1960,
  oitenta: 1980,
  cinquenta: 1950,
};

/** "a short one", "quick watch": feature films under this many minutes. */
export const SHORT_MINUTES = 90;
export const SHORT_PHRASES = inEveryLanguage('short');
/** "not too long", "nicht zu lang": at most this many minutes (a typical feature runs 90–120). */
export const NOT_LONG_MINUTES = 110;
export const NOT_LONG_PHRASES = inEveryLanguage('notLong');
export const LONG_MINUTES = 150;
export const LONG_PHRASES = inEveryLanguage('long');
/** Asking for a series or TV film by name allows them (they are left out otherwise). */
export const SERIES_PHRASES = inEveryLanguage('series');

/** Asking for short films by name allows films under 40 minutes. */
export const SHORT_FILM_PHRASES = inEveryLanguage('shortFilms');

/** "highly rated", "acclaimed": a minimum vote average (out of 10). */
export const QUALITY_PHRASES: [number, string[]][] = [
  [
    7.0,
    [
      'highly rated',
      'well rated',
      'top rated',
      'acclaimed',
      'critically acclaimed',
      'well reviewed',
      // "a rom com with really good reviews", "great ratings only".
      'good reviews',
      'great reviews',
      'rave reviews',
      'strong reviews',
      'reviewed well',
      'good ratings',
      'great ratings',
      'high ratings',
      'rated highly',
      'loved by critics',
      'critics loved',
      'award winning',
      'masterpiece',
      'masterpieces',
      'bien valorada',
      'bien notee',
      'bien note',
      'gut bewertet',
      'hoch bewertet',
      'aclamada',
      'acclame',
      // The best of all: "highest rated movies of all time", "the greatest films ever made".
      'highest rated',
      'best rated',
      'highest ranked',
      'of all time',
      // ("ever made" alone is no rating: "he's seen every world war 2 movie ever made".)
      'best ever',
      'greatest ever',
      'best movies ever',
      'best films ever',
      'greatest movies',
      'greatest films',
      // Words of the very best, never a theme ("only the absolute top": no films about tops).
      'the absolute top',
      'absolute top',
      'only the best',
      'the very best',
      'top tier',
      'top notch',
      'cream of the crop',
      'best of the best',
      'the absolute best',
      'absolute best',
      'absolute best of the best',
      'all time greats',
      'all-time greats',
    ],
  ],
];

/**
 * Lesser-known films asked for (decision 0116): a reason for obscurity ("underrated horror", "any
 * lesser known westerns he might've missed?"); the ranking then prefers the well-loved films that
 * are known to some but are not the most famous (`Query.lesserKnown`).
 */
/**
 * Studios a visitor rules out by name ("not disney and not pixar"), and how the catalog's production
 * companies name them (decision 0120). Marvel is ruled out by its films' keywords (decision 0115).
 */
export const STUDIOS: Record<string, RegExp> = {
  disney: /\bdisney\b/i,
  pixar: /\bpixar\b/i,
  dreamworks: /\bdreamworks\b/i,
  ghibli: /\bghibli\b/i,
  illumination: /\billumination entertainment\b/i,
  a24: /\ba24\b/i,
  blumhouse: /\bblumhouse\b/i,
  laika: /\blaika\b/i,
  aardman: /\baardman\b/i,
  netflix: /\bnetflix\b/i,
  marvel: /\bmarvel\b/i,
  dc: /\bdc (?:comics|entertainment|films)\b/i,
};

/** Countries a visitor rules out by name ("not american this time"): ISO codes (decision 0120). */
/**
 * Nationalities asked for (decision 0123: "and british", "filmes brasileiros"): films made there
 * (TMDB production countries), where a language would not say it (English, Portuguese, Spanish).
 */
export const NATIONALITY_WORDS: Record<string, string> = {
  british: 'GB',
  brit: 'GB',
  scottish: 'GB',
  irish: 'IE',
  australian: 'AU',
  aussie: 'AU',
  canadian: 'CA',
  kiwi: 'NZ',
  brazilian: 'BR',
  brasileiro: 'BR',
  brasileiros: 'BR',
  brasileira: 'BR',
  brasileiras: 'BR',
  mexican: 'MX',
  mexicano: 'MX',
  mexicanas: 'MX',
  mexicanos: 'MX',
  argentinian: 'AR',
  argentine: 'AR',
  argentino: 'AR',
  argentinos: 'AR',
  argentinas: 'AR',
};

/** Every word that names a language or a nation (LANGUAGE_PHRASES, NATIONALITY_WORDS). */
export const LANGUAGE_WORDS: ReadonlySet<string> = new Set([
  ...LANGUAGE_PHRASES.flatMap(([, phrases]) => phrases.flatMap((p) => p.split(' '))),
  ...Object.keys(NATIONALITY_WORDS),
]);

export const COUNTRY_WORDS: Record<string, string> = {
  american: 'US',
  hollywood: 'US',
  usa: 'US',
  british: 'GB',
};

/** Films wanted for being bad (decision 0120): the well-known, worst rated first. */
export const WORST_PHRASES = [
  "so bad it's good",
  'so bad its good',
  "so bad they're good",
  'so bad theyre good',
  'worst rated',
  'lowest rated',
  'worst movies',
  'worst films',
  'worst movie',
  'worst film',
  'the worse the better',
  'bad movie night',
  'bad movies',
  'terrible movies',
  'terrible films',
  'awful movies',
  'awful films',
];

export const LESSER_KNOWN_PHRASES = withLeast([
  'underrated',
  'under rated',
  'underappreciated',
  'under appreciated',
  'underseen',
  'under seen',
  'lesser known',
  'less known',
  'less famous',
  'less well known',
  'less obvious',
  'not so famous',
  'not as famous',
  'not that famous',
  'not so well known',
  'not as well known',
  'hidden gem',
  'hidden gems',
  'overlooked',
  'obscure',
  'deep cut',
  'deep cuts',
  // "90s thrillers that flew under the radar", "2000s films i might have missed" (decision 0148).
  'flew under the radar',
  'flown under the radar',
  'went under the radar',
  'under the radar',
  'might have missed',
  'may have missed',
  "might've missed",
  'mightve missed',
  'probably missed',
  "haven't heard of",
  'havent heard of',
  'never heard of',
  'off the beaten path',
  'slept on',
  'poco conocida',
  'poco conocidas',
  'poco conocido',
  'poco conocidos',
  'menos conocida',
  'menos conocidas',
  'menos conocido',
  'menos conocidos',
  'infravalorada',
  'infravaloradas',
  'joya oculta',
  'joyas ocultas',
  'meconnu',
  'meconnus',
  'meconnue',
  'meconnues',
  'peu connu',
  'peu connus',
  'sous estime',
  'sous estimes',
  'unbekannt',
  'unbekannte',
  'unbekannten',
  'weniger bekannt',
  'weniger bekannte',
  'unterschatzt',
  'unterschatzte',
  'geheimtipp',
  'geheimtipps',
  'sottovalutato',
  'sottovalutati',
  'poco conosciuto',
  'poco conosciuti',
  'pouco conhecido',
  'pouco conhecidos',
  'subestimado',
  'subestimados',
]);

export const RECENT_PHRASES = inEveryLanguage('recent');
export const CLASSIC_PHRASES = inEveryLanguage('classic');
