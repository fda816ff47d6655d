/**
 * Everything the chat understands, as data. Adding a phrasing means adding a string here, not a
 * branch in the parser. Phrases are matched on normalised words (lower case, accents folded,
 * hyphens as spaces), a trailing "s"/"es" allowed, and typos within a small budget.
 * English, Spanish, French and German phrasings sit side by side.
 */

export const GENRE = {
  action: 28,
  adventure: 12,
  animation: 16,
  comedy: 35,
  crime: 80,
  documentary: 99,
  drama: 18,
  family: 10751,
  fantasy: 14,
  history: 36,
  horror: 27,
  music: 10402,
  mystery: 9648,
  romance: 10749,
  scifi: 878,
  tv: 10770,
  thriller: 53,
  war: 10752,
  western: 37,
} as const;

/** Genre words (and synonyms) → TMDB genre id. */
export const GENRE_PHRASES: [number, string[]][] = [
  [GENRE.action, ['action', 'accion', 'actionfilm', 'actionfilme', 'shoot em up']],
  [GENRE.adventure, ['adventure', 'aventura', 'aventuras', 'aventure', 'abenteuer', 'abenteuerfilm', 'swashbuckler']],
  [
    GENRE.animation,
    ['animated', 'animation', 'cartoon', 'anime', 'pixar', 'animada', 'animacion', 'dibujos animados', 'anime', 'dessin anime', 'zeichentrick', 'animationsfilm', 'animiert'],
  ],
  [
    GENRE.comedy,
    ['comedy', 'comedies', 'comedic', 'rom com', 'romcom', 'comedia', 'comedie', 'komodie', 'sitcom', 'spoof', 'parody'],
  ],
  [GENRE.crime, ['crime', 'gangster', 'mafia', 'mob', 'policiaca', 'policiaco', 'crimen', 'policier', 'krimi', 'gangsterfilm', 'noir']],
  [GENRE.documentary, ['documentary', 'documentaries', 'doc', 'docs', 'documental', 'documentaire', 'dokumentarfilm', 'dokumentation', 'doku']],
  [GENRE.drama, ['drama', 'dramas', 'dramatic', 'dramatica', 'dramatique', 'dramen']],
  [GENRE.family, ['family', 'kids', 'kid', 'children', 'child friendly', 'my son', 'my daughter', 'toddler', 'whole family', 'all ages', 'enfants', 'ninos', 'familiar', 'familia', 'para ninos', 'famille', 'pour enfants', 'familienfilm', 'kinder', 'kinderfilm', 'familie']],
  [GENRE.fantasy, ['fantasy', 'magic', 'magical', 'wizard', 'dragon', 'fantasia', 'fantastique', 'fantasie', 'sword and sorcery']],
  [GENRE.history, ['history', 'historical', 'period piece', 'period drama', 'historica', 'historico', 'historique', 'historienfilm', 'historisch', 'biopic']],
  [GENRE.horror, ['horror', 'slasher', 'terror', 'de miedo', 'horreur', 'epouvante', 'gruselfilm', 'horrorfilm']],
  [GENRE.music, ['musical', 'music', 'musicals', 'musica', 'musique', 'musik', 'concert']],
  [GENRE.mystery, ['mystery', 'mysteries', 'whodunit', 'whodunnit', 'detective', 'misterio', 'mystere', 'policier', 'enigme', 'ratselhaft', 'detektiv', 'whodunnits']],
  [GENRE.romance, ['romance', 'romantic', 'rom com', 'romcom', 'love story', 'romantica', 'romantico', 'romantique', 'liebesfilm', 'romantisch', 'romanze']],
  [
    GENRE.scifi,
    ['sci fi', 'scifi', 'science fiction', 'space opera', 'ciencia ficcion', 'science fiction', 'sf', 'ciencia ficción'],
  ],
  [GENRE.tv, ['tv movie', 'made for tv', 'tv film', 'television film']],
  [GENRE.thriller, ['thriller', 'thrillers', 'suspense', 'suspenso']],
  [GENRE.war, ['war', 'guerra', 'belico', 'belica', 'guerre', 'krieg', 'kriegsfilm', 'kriegsfilme']],
  [GENRE.western, ['western', 'cowboy', 'oeste', 'vaqueros', 'far west']],
];

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
  /** What "not <mood>" means; by default, none of the mood's genres. */
  negated?: { soft?: Soft; exclude?: number[] };
}

export const MOODS: MoodRule[] = [
  {
    mood: 'feel-good',
    phrases: ['feel good', 'feelgood', 'uplifting', 'happy', 'cheerful', 'heartwarming', 'heart warming', 'wholesome', 'upbeat', 'light hearted', 'lighthearted', 'positive', 'optimistic', 'joyful', 'alegre', 'optimista', 'bonne humeur', 'feel good', 'gute laune', 'frohlich', 'warmherzig'],
    genres: [GENRE.comedy, GENRE.family, GENRE.animation, GENRE.romance, GENRE.music],
    keywords: ['friendship'],
    exclude: [GENRE.horror, GENRE.war],
    soft: { dark: -1 },
    negated: { soft: { dark: 1 } },
  },
  {
    mood: 'funny',
    phrases: ['funny', 'hilarious', 'laugh', 'laughs', 'humor', 'humour', 'silly', 'goofy', 'witty', 'divertida', 'divertido', 'graciosa', 'gracioso', 'reir', 'drole', 'marrant', 'rigolo', 'rire', 'lustig', 'lustige', 'lustiges', 'lustigen', 'lustiger', 'witzig', 'witzige', 'witzigen', 'komisch', 'zum lachen'],
    genres: [GENRE.comedy],
    soft: { funny: 1 },
  },
  {
    mood: 'scary',
    phrases: ['scary', 'scare', 'scared', 'terrifying', 'creepy', 'spooky', 'frightening', 'haunted', 'nightmare', 'chilling', 'miedo', 'aterradora', 'terrorifica', 'peur', 'effrayant', 'flippant', 'gruselig', 'unheimlich', 'angst', 'beangstigend'],
    genres: [GENRE.horror],
    soft: { dark: 1 },
  },
  {
    mood: 'sad',
    phrases: ['sad', 'tearjerker', 'tear jerker', 'cry', 'weep', 'emotional', 'melancholy', 'melancholic', 'heartbreaking', 'moving', 'bittersweet', 'triste', 'llorar', 'emotiva', 'pleurer', 'emouvant', 'traurig', 'weinen', 'bewegend'],
    genres: [GENRE.drama, GENRE.romance],
    keywords: ['grief', 'tragedy', 'loss', 'dying', 'terminal illness', 'cancer', 'love', 'death of wife', 'loss of loved one'],
    exclude: [GENRE.horror, GENRE.thriller, GENRE.action],
    negated: { soft: { dark: -1 } },
  },
  {
    mood: 'dark',
    phrases: ['dark', 'bleak', 'gritty', 'grim', 'disturbing', 'brooding', 'nihilistic', 'oscura', 'oscuro', 'sombre', 'noir', 'dunkel', 'dustere', 'duster'],
    soft: { dark: 1 },
    negated: { soft: { dark: -1 } },
  },
  {
    mood: 'mind-bending',
    phrases: ['mind bending', 'mind blowing', 'mindbending', 'mind fuck', 'twisty', 'twist', 'trippy', 'cerebral', 'puzzling', 'confusing', 'makes me think', 'thought provoking', 'psychological', 'surreal', 'te hace pensar', 'alucinante', 'retorcida', 'qui fait reflechir', 'tordu', 'verwirrend', 'zum nachdenken'],
    genres: [GENRE.scifi, GENRE.mystery, GENRE.thriller],
    keywords: ['time travel', 'dream', 'twist ending', 'parallel world', 'nonlinear timeline', 'alternate reality', 'artificial intelligence', 'psychological thriller', 'memory', 'surrealism'],
  },
  {
    mood: 'romantic',
    phrases: ['date night', 'in love', 'falling in love', 'amor', 'enamorarse', 'amour', 'amoureux', 'liebe', 'verliebt'],
    genres: [GENRE.romance],
  },
  {
    mood: 'thrilling',
    phrases: ['thrilling', 'edge of my seat', 'edge of the seat', 'edge of your seat', 'tense', 'gripping', 'nail biting', 'suspenseful', 'intense', 'emocionante', 'tension', 'palpitant', 'haletant', 'spannend', 'spannendes', 'spannende', 'spannenden', 'packend'],
    genres: [GENRE.thriller],
  },
  {
    mood: 'cosy',
    phrases: ['cosy', 'cozy', 'cosie', 'cozie', 'comforting', 'comfort', 'rainy day', 'snug', 'sunday afternoon', 'acogedora', 'reconfortant', 'cocooning', 'gemutlich'],
    genres: [GENRE.family, GENRE.comedy, GENRE.animation, GENRE.romance],
    exclude: [GENRE.horror, GENRE.war],
    soft: { dark: -1 },
  },
  { mood: 'epic', phrases: ['epic', 'grand', 'sweeping', 'saga', 'epica', 'epique', 'episch'], genres: [GENRE.adventure, GENRE.war, GENRE.history, GENRE.fantasy, GENRE.scifi], runtimeMin: 130 },
  {
    mood: 'action-packed',
    phrases: ['action packed', 'explosive', 'adrenaline', 'fight scenes', 'explosions', 'car chases', 'adrenalina', 'explosiones', 'adrenaline', 'explosions', 'actiongeladen'],
    genres: [GENRE.action],
  },
  {
    mood: 'inspiring',
    phrases: ['inspiring', 'inspirational', 'motivating', 'motivational', 'underdog', 'inspiradora', 'inspirante', 'inspirierend'],
    genres: [GENRE.drama],
    keywords: ['sport', 'biography', 'based on true story', 'underdog'],
    soft: { dark: -1 },
  },
  {
    mood: 'violent',
    phrases: ['violent', 'violence', 'gore', 'gory', 'bloody', 'brutal', 'violenta', 'violento', 'violent', 'gewalttatig', 'brutal', 'blutig'],
    keywords: ['violence', 'gore', 'brutality', 'blood'],
    soft: { dark: 1 },
    negated: { soft: { dark: -1 } },
  },
];

/** "for adults", "for grown-ups": no family films. */
export const ADULT_PHRASES = ['for adults', 'for grown ups', 'for grownups', 'adult', 'adults', 'mature', 'grown up', 'not for kids', 'para adultos', 'pour adultes', 'fur erwachsene'];

/** "hates subtitles", "in English": English-language films. */
export const ENGLISH_PHRASES = ['in english', 'english language', 'english speaking', 'hates subtitles', 'hate subtitles', 'no subtitles', 'without subtitles', 'not subtitled', 'en ingles', 'en anglais', 'auf englisch'];

/** Comparatives: they re-rank, they never filter. */
export const SOFT_PHRASES: [Soft, string[]][] = [
  [{ dark: 1 }, ['darker', 'more dark', 'grittier', 'bleaker', 'more serious', 'less light', 'less light hearted', 'less funny', 'less happy', 'mas oscura', 'mas oscuro', 'plus sombre', 'plus noir', 'dunkler', 'dusterer']],
  [
    { dark: -1 },
    ['lighter', 'got scared', 'too scary', 'too dark', 'too sad', 'too violent', 'more light hearted', 'more lighthearted', 'less bleak', 'less dark', 'less sad', 'less depressing', 'less serious', 'less violent', 'happier', 'more upbeat', 'more cheerful', 'gentler', 'softer', 'less grim', 'less gritty', 'mas ligera', 'mas alegre', 'plus leger', 'plus legere', 'plus joyeux', 'leichter', 'frohlicher'],
  ],
  [{ funny: 1 }, ['funnier', 'more funny', 'more humor', 'more humour', 'more comedy', 'mas divertida', 'mas graciosa', 'plus drole']],
];

/** Original languages (TMDB codes) by language, country and industry words. */
export const LANGUAGE_PHRASES: [string, string[]][] = [
  ['da', ['danish', 'denmark', 'danes', 'danesa', 'danes', 'danois', 'danoise', 'danemark', 'danisch', 'danische', 'danischen', 'danemark']],
  ['sv', ['swedish', 'sweden', 'sueca', 'sueco', 'suedois', 'suede', 'schwedisch', 'schwedischen', 'schweden']],
  ['no', ['norwegian', 'norway', 'noruega', 'noruego', 'norvegien', 'norvege', 'norwegisch', 'norwegen']],
  ['fi', ['finnish', 'finland', 'finlandes', 'finlandais', 'finnisch']],
  ['is', ['icelandic', 'iceland', 'islandais', 'islandisch']],
  ['fr', ['french', 'france', 'francesa', 'frances', 'francais', 'francaise', 'franzosisch', 'franzosischen', 'frankreich']],
  ['de', ['german', 'germany', 'alemana', 'aleman', 'allemand', 'allemande', 'deutsch', 'deutsche', 'deutschen', 'deutscher']],
  ['it', ['italian', 'italy', 'italiana', 'italiano', 'italien', 'italienne', 'italienisch', 'italienischen', 'spaghetti western', 'giallo']],
  ['es', ['spanish', 'spain', 'mexican', 'mexico', 'argentinian', 'argentine', 'espanola', 'espanol', 'mexicana', 'espagnol', 'espagnole', 'spanisch', 'spanischen', 'mexikanisch', 'in spanish']],
  ['pt', ['portuguese', 'brazilian', 'brazil', 'portugal', 'brasilena', 'portugaise', 'bresilien', 'brasilianisch', 'portugiesisch']],
  ['ja', ['japanese', 'japan', 'japonesa', 'japones', 'japonais', 'japonaise', 'japanisch', 'japanischen']],
  ['ko', ['korean', 'korea', 'south korean', 'k drama', 'coreana', 'coreano', 'coreen', 'coreenne', 'koreanisch', 'koreanischen']],
  ['zh', ['chinese', 'china', 'mandarin', 'china', 'china', 'chino', 'china', 'chinois', 'chinoise', 'chinesisch']],
  ['cn', ['hong kong', 'cantonese']],
  ['hi', ['bollywood', 'indian', 'india', 'hindi', 'hindu', 'india', 'indio', 'indien', 'indienne', 'indisch']],
  ['ta', ['tamil', 'kollywood']],
  ['te', ['telugu', 'tollywood']],
  ['ru', ['russian', 'russia', 'soviet', 'rusa', 'ruso', 'russe', 'russisch']],
  ['pl', ['polish', 'poland', 'polaco', 'polonais', 'polnisch']],
  ['cs', ['czech', 'checo', 'tcheque', 'tschechisch']],
  ['hu', ['hungarian', 'hongrois', 'ungarisch']],
  ['nl', ['dutch', 'netherlands', 'holland', 'flemish', 'holandes', 'neerlandais', 'niederlandisch', 'hollandisch']],
  ['el', ['greek', 'greece', 'griego', 'grec', 'griechisch']],
  ['tr', ['turkish', 'turkey', 'turco', 'turc', 'turkisch']],
  ['fa', ['iranian', 'persian', 'iran', 'irani', 'iranien', 'iranisch']],
  ['he', ['israeli', 'hebrew', 'israel', 'israelien']],
  ['ar', ['arabic', 'arab', 'egyptian', 'arabe']],
  ['th', ['thai', 'thailand', 'tailandes', 'thailandais']],
  ['ro', ['romanian', 'rumano', 'roumain', 'rumanisch']],
  ['sr', ['serbian', 'serbia']],
];

/** Themes in words the catalog's keywords do not use, and in other languages → catalog keywords. */
export const THEME_PHRASES: [string[], string[]][] = [
  [['time travel'], ['time travel', 'time traveling', 'time travelling', 'time machine', 'viaje en el tiempo', 'viajes en el tiempo', 'voyage dans le temps', 'voyages dans le temps', 'zeitreise', 'zeitreisen']],
  [['zombie'], ['zombie', 'zombies', 'undead', 'zombis', 'zombi', 'morts vivants', 'untote']],
  [['vampire'], ['vampire', 'vampiro', 'vampiros', 'vampir', 'vampire']],
  [['space'], ['outer space', 'espacio', 'espace', 'weltraum', 'weltall', 'astronaut', 'astronauts']],
  [['heist'], ['heist', 'robbery', 'bank job', 'atraco', 'robo', 'braquage', 'casse', 'raub', 'einbruch', 'coup']],
  [['robot'], ['robot', 'robots', 'robotica', 'roboter']],
  [['artificial intelligence'], ['ai', 'a i', 'artificial intelligence', 'inteligencia artificial', 'intelligence artificielle', 'kunstliche intelligenz']],
  [['dystopia'], ['dystopia', 'dystopian', 'distopia', 'distopica', 'dystopie', 'dystopique']],
  [['serial killer'], ['serial killer', 'asesino en serie', 'tueur en serie', 'serienmorder']],
  [['alien'], ['alien', 'aliens', 'extraterrestrial', 'extraterrestre', 'extraterrestres', 'ausserirdische']],
  [['dinosaur'], ['dinosaur', 'dinosaurs', 'dinosaurio', 'dinosaurios', 'dinosaure', 'dinosaurier']],
  [['superhero'], ['superhero', 'superheroes', 'super hero', 'superheroe', 'superheroes', 'super heros', 'superheld', 'superhelden']],
  [['christmas'], ['christmas', 'xmas', 'navidad', 'noel', 'weihnachten', 'holiday season']],
  [['shark'], ['shark', 'sharks', 'tiburon', 'requin', 'hai']],
  [['pirate'], ['pirate', 'pirates', 'pirata', 'piratas', 'piraten']],
  [['witch'], ['witch', 'witches', 'bruja', 'brujas', 'sorciere', 'hexe', 'hexen']],
  [['ghost'], ['ghost', 'ghosts', 'fantasma', 'fantasmas', 'fantome', 'geist', 'geister']],
  [['sport'], ['sport', 'sports', 'deporte', 'deportes', 'sportfilm']],
  [['high school'], ['high school', 'school', 'instituto', 'lycee', 'schule']],
  [['based on true story'], ['true story', 'based on a true story', 'real events', 'true events', 'historia real', 'hechos reales', 'histoire vraie', 'wahre geschichte', 'wahren begebenheit']],
  [['road trip'], ['road trip', 'road movie', 'viaje por carretera']],
  [['boxing'], ['boxing', 'boxer', 'boxeo', 'boxe', 'boxen']],
  [['train'], ['train', 'trains', 'railway', 'railroad', 'tren', 'zug']],
  [['prison'], ['prison', 'jail', 'carcel', 'gefangnis']],
  [['spy'], ['spy', 'spies', 'espionage', 'espia', 'espion', 'spion', 'agent']],
  [['martial arts'], ['martial arts', 'kung fu', 'artes marciales', 'arts martiaux', 'kampfkunst']],
  [['world war ii', 'nazi', 'holocaust'], ['world war ii', 'world war 2', 'ww2', 'wwii', 'ww ii', 'second world war', 'segunda guerra mundial', 'seconde guerre mondiale', 'zweiter weltkrieg']],
  [['world war i'], ['world war i', 'world war 1', 'ww1', 'wwi', 'first world war', 'great war']],
  [['jump scare'], ['jump scare', 'jump scares', 'jumpscare', 'jumpscares']],
  [['battle'], ['battle', 'battles', 'battle scenes', 'combat', 'fighting', 'batalla', 'batallas', 'bataille', 'batailles', 'schlacht', 'schlachten']],
  [['post-apocalyptic', 'apocalypse'], ['post apocalyptic', 'apocalypse', 'apocalyptic', 'end of the world', 'postapocalyptic']],
  [['monster'], ['monster', 'monsters', 'monstruo', 'monstre', 'monster']],
  [['wedding'], ['wedding', 'weddings', 'boda', 'mariage', 'hochzeit']],
  [['dog'], ['dog', 'dogs', 'perro', 'perros', 'chien', 'chiens', 'hund', 'hunde']],
  [['island'], ['island', 'isla', 'ile', 'insel']],
];

/** Words that start a "like <title>" clause, in the four languages. */
export const LIKE_PREFIXES: string[] = [
  'similar to', 'similar as', 'like', 'such as', 'reminds me of', 'remind me of', 'in the vein of', 'along the lines of',
  'in the style of', 'same vibe as', 'same vibes as', 'the vibe of', 'vibes of', 'comparable to', 'akin to', 'a la',
  'if i liked', 'if you liked', 'i loved', 'i liked', 'i enjoyed', 'i really liked', 'i really loved', 'i really enjoyed',
  'loved', 'enjoyed', 'just watched', 'just saw', 'i just watched', 'i just saw', 'fan of', 'big fan of', 'fans of',
  'since i liked', 'after watching', 'similar vibe to', 'close to', 'same as', 'just finished',
  'como', 'parecida a', 'parecidas a', 'parecido a', 'parecidos a', 'similar a', 'similares a', 'estilo', 'al estilo de', 'tipo',
  'me gusto', 'me encanto', 'do you have', 'have you got', 'got', 'is there', 'tienes', 'teneis', 'tiene', 'avez vous', 'as tu', 'vous avez', 'hast du', 'habt ihr', 'gibt es',
  'comme', 'similaire a', 'similaires a', 'dans le genre de', 'du genre de', 'dans le style de', 'proche de', 'a la maniere de',
  "j'ai adore", 'jai adore', "j'ai aime", 'jai aime',
  'wie', 'ahnlich wie', 'ahnlich', 'so wie', 'im stil von', 'vergleichbar mit',
];

/** "X was great, anything similar?": a title before one of these. */
export const LIKE_SUFFIXES: string[] = [
  'was great', 'was amazing', 'was awesome', 'was good', 'was fantastic', 'was brilliant', 'was so good', 'was incredible',
  'any good', 'worth watching', 'worth it', 'was so fun', 'was excellent', 'was perfect', 'was fun', 'is my favorite', 'is my favourite', 'is one of my favorites', 'was really good',
  'was a great movie', 'was so much fun', 'like', 'style', 'vibes', 'fue genial', 'me encanto', 'etait genial', 'etait super',
  'war toll', 'war super', 'war grossartig',
];

/** Words that end a title in "like <title> but darker". */
export const TITLE_BOUNDARIES = new Set([
  'but', 'with', 'from', 'that', 'which', 'please', 'only', 'except', 'without', 'no', 'not', 'made', 'released',
  'starring', 'directed', 'though', 'although', 'yet', 'for', 'so', 'under', 'over', 'less', 'more', 'set', 'plus',
  'minus', 'what', 'anything', 'something', 'any', 'recommend', 'suggest', 'and', 'or', 'in', 'pero', 'con', 'sin',
  'mais', 'avec', 'sans', 'aber', 'mit', 'ohne', 'de', 'des', 'von', 'aus', 'only', 'too', 'also', 'can', 'could',
  'would', 'got', 'do', 'is', 'was', 'are', 'it', 'movies', 'films', 'peliculas', 'filme', 'et', 'y', 'und', 'a',
]);

export const NEGATIONS: string[] = [
  'no', 'not', 'without', 'nothing', "isn't", 'isnt', "aren't", 'arent', "doesn't", 'doesnt', "don't", 'dont', 'not about', 'without any', 'nothing with', 'nothing about', 'except', 'avoid', 'avoiding', 'skip', 'hate', "don't want", 'dont want',
  'do not want', 'no more', 'none', 'minus', 'free of', 'not a', 'not any', 'never', 'excluding', 'but no', 'but not',
  'sin', 'nada de', 'ni', 'sans', 'pas de', 'pas', 'ohne', 'kein', 'keine', 'keinen', 'nicht',
];

/** Words after which a negation may skip ("not too sad", "no more than"). */
export const NEGATION_FILLERS = new Set(['too', 'any', 'a', 'an', 'the', 'so', 'very', 'overly', 'de', 'des', 'du', 'la', 'le', 'el', 'los', 'las', 'zu', 'sehr', 'trop', 'demasiado', 'muy', 'much', 'real', 'actual', 'all', 'that']);

export const GREETINGS: string[] = [
  'hi', 'hello', 'hey', 'hiya', 'yo', 'good morning', 'good evening', 'good afternoon', 'howdy', 'greetings',
  'thanks', 'thank you', 'thx', 'cheers', 'ok', 'okay', 'cool', 'great', 'nice', 'bye', 'goodbye', 'how are you',
  'whats up', "what's up", 'sup', 'hola', 'buenas', 'buenos dias', 'gracias', 'bonjour', 'salut', 'merci', 'bonsoir',
  'hallo', 'guten tag', 'danke', 'servus', 'moin',
];

/** Words that can only be about films. */
export const STRONG_MOVIE_CONTEXT: string[] = [
  'movie', 'movies', 'film', 'films', 'flick', 'flicks', 'watch', 'watching', 'cinema', 'pelicula', 'peliculas', 'cine',
  'filme', 'series', 'screen', 'director', 'actor', 'actress',
];

/** Words that show a message is about films (so unmatched words there are themes, not chit-chat). */
export const MOVIE_CONTEXT: string[] = [
  'movie', 'movies', 'film', 'films', 'flick', 'flicks', 'watch', 'watching', 'cinema', 'something', 'anything',
  'recommend', 'recommendation', 'suggest', 'suggestion', 'show me', 'story', 'stories', 'plot', 'about', 'set in',
  'set on', 'pelicula', 'peliculas', 'cine', 'algo', 'recomienda', 'recomiendame', 'film', 'quelque chose',
  'recommande', 'filme', 'etwas', 'empfiehl', 'tonight', 'one', 'ones', 'pick', 'picks',
];

/** Words that carry no request on their own (ignored when saying what was not understood). */
export const FILLER = new Set(
  `i me my we us you your a an the some any something anything one ones movie movies film films flick flicks please
  fur cherche busco suche only
  want wanna would like love could can you recommend suggest show give find me watch watching to see for tonight
  today now good great nice best really very just kind sort of type that this those these is are be was it its and or
  but with in on at by of from about set story stories get got need looking look something else idea ideas pick picks
  let lets us maybe perhaps which what who how there here have has had do does did so too also again more bit little
  quite rather pretty watchable enjoy enjoyable fun cool interesting decent solid nice lovely time evening night weekend
  id im ive i'd i'm gonna got go going as if then than well yes yeah ok okay thanks thank hey hi hello all every
  should shall will wouldn't know think feel mood mind up down into out over off not no plz pls please recommendation
  recommendations suggestion suggestions options option choice choices ones stuff thing things based similar next
  real actual proper rated rating higher score lol haha ok then actually anyway whatever someone something somewhere else pls thx u ur
  quiero una un una unas unos algo pelicula peliculas por favor me de la el los las que para con ver
  je veux un une des le la les film films quelque chose pour voir avec de du s'il te plait
  ich mochte will einen eine ein etwas film filme bitte zum sehen mit der die das aus den dem des von vom im zu al del au aux
  en y o ou oder und et`.split(/\s+/),
);

/** Clear signs of an off-topic request (cooking, weather, homework…), when nothing film-like is asked. */
export const OFF_TOPIC: string[] = [
  'how do i', 'how to', 'how can i', 'recipe', 'cook', 'cooking', 'bake', 'weather', 'forecast', 'capital of',
  'calculate', 'math', 'equation', 'homework', 'code', 'python', 'javascript', 'write me', 'translate', 'stock',
  'bitcoin', 'news', 'president', 'who is', 'what is', "what's", 'when is', 'where is', 'why is', 'define',
  'ignore', 'instructions', 'system prompt', 'prompt', 'pretend', 'jailbreak', 'password', 'api key', 'tell me a joke',
  'write a', 'poem', 'essay', 'who won', 'who was', 'who wrote', 'when did', 'how many', 'how much', 'what time',
  'restaurant', 'restaurants', 'hotel', 'hotels', 'flight', 'flights', 'doctor', 'lawyer', 'laptop', 'phone', 'job',
  'world cup', 'score of', 'vacation', 'holiday destination', 'girlfriend advice', 'que tiempo', 'quel temps', 'como cocinar', 'receta', 'recette', 'rezept', 'wetter', 'meteo', 'clima',
];

/** Follow-ups that only make sense in a conversation. */
export const FOLLOW_UPS: { kind: 'another' | 'newer' | 'older'; phrases: string[] }[] = [
  { kind: 'newer', phrases: ['more recent', 'newer', 'something newer', 'latest', 'modern', 'mas reciente', 'mas recientes', 'plus recent', 'plus recents', 'neuer', 'neuere', 'aktueller'] },
  { kind: 'older', phrases: ['older', 'something older', 'earlier', 'mas antigua', 'mas antiguas', 'plus ancien', 'plus anciens', 'alter', 'altere'] },
  {
    kind: 'another',
    phrases: ['another', 'another one', 'more', 'others', 'other ones', 'next', 'again', 'something else', 'any others', 'more please', 'show me more', 'give me more', 'more options', 'different ones', 'different', 'otra', 'otras', 'mas', 'autre', 'autres', 'encore', 'andere', 'noch mehr', 'mehr', 'weitere'],
  },
];

export const ORDINALS: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, last: -1, '1st': 1, '2nd': 2, '3rd': 3, '4th': 4, '5th': 5,
  primera: 1, segunda: 2, tercera: 3, premier: 1, premiere: 1, deuxieme: 2, troisieme: 3, erste: 1, ersten: 1, zweite: 2, zweiten: 2, dritte: 3, dritten: 3,
  one: 1, two: 2, three: 3, four: 4, five: 5,
};

export const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, a: 1, an: 1,
  una: 1, uno: 1, dos: 2, tres: 3, une: 1, deux: 2, trois: 3, eine: 1, einer: 1, zwei: 2, drei: 3, half: 0.5,
};

export const DECADE_WORDS: Record<string, number> = {
  twenties: 1920, thirties: 1930, forties: 1940, fifties: 1950, sixties: 1960, seventies: 1970, eighties: 1980,
  nineties: 1990, noughties: 2000, cincuenta: 1950, sesenta: 1960, setenta: 1970, ochenta: 1980, noventa: 1990,
  cinquante: 1950, soixante: 1960, 'soixante dix': 1970, 'quatre vingt': 1980, 'quatre vingts': 1980, 'quatre vingt dix': 1990,
  funfziger: 1950, sechziger: 1960, siebziger: 1970, achtziger: 1980, neunziger: 1990,
};

/** "a short one", "quick watch": feature films under this many minutes. */
export const SHORT_MINUTES = 95;
export const SHORT_PHRASES = ['short', 'quick', 'quick watch', 'brief', 'not too long', 'nothing too long', 'not long', 'short one', 'shorter', 'corta', 'corto', 'courte', 'court', 'kurz', 'kurzer', 'kurze'];
export const LONG_MINUTES = 150;
export const LONG_PHRASES = ['long', 'longer', 'lengthy', 'very long', 'larga', 'largo', 'longue', 'lang', 'langer', 'lange'];
/** Asking for short films by name allows films under 40 minutes. */
export const SHORT_FILM_PHRASES = ['short films', 'short film', 'shorts', 'short movies', 'cortometraje', 'cortometrajes', 'court metrage', 'courts metrages', 'kurzfilm', 'kurzfilme'];

/** "highly rated", "acclaimed": a minimum vote average (out of 10). */
export const QUALITY_PHRASES: [number, string[]][] = [
  [7.0, ['highly rated', 'well rated', 'top rated', 'acclaimed', 'critically acclaimed', 'well reviewed', 'award winning', 'masterpiece', 'masterpieces', 'bien valorada', 'bien notee', 'bien note', 'gut bewertet', 'hoch bewertet', 'aclamada', 'acclame']],
];

export const RECENT_PHRASES = ['recent', 'new release', 'new releases', 'this year', 'last year', 'nuevas', 'nueva', 'reciente', 'recientes', 'recent', 'recents', 'nouveau', 'nouveaux', 'neu', 'neue', 'aktuelle'];
export const CLASSIC_PHRASES = ['classic', 'classics', 'old school', 'golden age', 'vintage', 'old', 'clasica', 'clasicas', 'clasico', 'classique', 'classiques', 'klassiker', 'alte'];
