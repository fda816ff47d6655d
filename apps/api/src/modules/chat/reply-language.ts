import type { CatalogMovie } from '@app/catalog';
import { GENRE } from './genre-ids';
import type { MessageLang } from './understand/query';

/**
 * Decision 0134: a message written in Spanish, French, German, Italian or Portuguese is answered in
 * that language. The catalog's summaries are TMDB's English ones, so a film's line says its first two
 * genres and its length in the reader's language and its summary as the catalog has it. The frame (how
 * many films, what could not be found, how to steer) is said in the language, and only with words
 * the chat reads back in it ("otra", "más oscura", "de los 90": tested). English keeps its own,
 * fuller wording (wording.ts).
 */
export interface ReplyPhrases {
  /** "Here are five films:" (n ≥ 1), "… like <title>:" when a film was named. */
  picks(n: number, like?: string): string;
  /** "Here are five more:" after "another". */
  more(n: number): string;
  /** The film asked for by name, then n more like it. */
  askedFirst(n: number): string;
  /** Only one or two films fit everything. */
  fewer(n: number): string;
  /** Themes dropped to fill the list. */
  relaxed: string;
  /** How to steer, on a conversation's first picks. */
  steer: string;
  /** The same after a film was named. */
  steerLike: string;
  nothingFits: string;
  /** A title the catalog lacks, said so: the sentence holds `missing` (the evaluation's marker). */
  missing: string;
  notInCatalog(title: string): string;
  /** The nearest title the catalog has, offered as a question. */
  closestTitle(link: string, title: string): string;
  /** After a title the catalog lacks and nothing else asked: what would help. */
  describeIt: string;
  /** Small talk, a thank-you and a question about anything but films, answered. */
  greeting: string;
  thanks: string;
  offTopic: string;
  /** A person asked about, offline: people cannot be looked up (its first clause is a marker). */
  noPeople(name: string): string;
  minutes: string;
  /** TMDB's genres by id, in the language. */
  genres: Readonly<Record<number, string>>;
}

const genres = (names: Record<keyof typeof GENRE, string>): Record<number, string> =>
  Object.fromEntries(Object.entries(names).map(([k, v]) => [GENRE[k as keyof typeof GENRE], v]));

const numbered = (words: string[]) => (n: number) => words[n] ?? String(n);

const es = numbered([
  'ninguna',
  'una',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
]);
const fr = numbered(['aucun', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix']);
const de = numbered([
  'kein',
  'einen',
  'zwei',
  'drei',
  'vier',
  'fünf',
  'sechs',
  'sieben',
  'acht',
  'neun',
  'zehn',
]);
const it = numbered([
  'nessun',
  'un',
  'due',
  'tre',
  'quattro',
  'cinque',
  'sei',
  'sette',
  'otto',
  'nove',
  'dieci',
]);
const pt = numbered([
  'nenhum',
  'um',
  'dois',
  'três',
  'quatro',
  'cinco',
  'seis',
  'sete',
  'oito',
  'nove',
  'dez',
]);

export const REPLY_PHRASES: Readonly<Record<Exclude<MessageLang, 'en'>, ReplyPhrases>> = {
  es: {
    picks: (n, like) =>
      `Aquí tienes ${n === 1 ? 'una película' : `${es(n)} películas`}${like ? ` en la línea de ${like}` : ''}:`,
    more: (n) => (n === 1 ? 'Aquí tienes una más:' : `Aquí tienes ${es(n)} más:`),
    askedFirst: (n) => (n ? `Aquí la tienes, con ${es(n)} más en la misma línea:` : 'Aquí la tienes:'),
    fewer: (n) =>
      `Solo encontré ${n === 1 ? 'esta' : 'estas dos'} que cumpl${n === 1 ? 'e' : 'en'} con todo.`,
    relaxed:
      'No encontré bastantes sobre ese tema, así que algunas solo encajan con el resto de lo que pides.',
    steer: '¿Quieres más? Di «otra», o guíame: «más oscura», «más ligera», «de los 90».',
    steerLike: 'Di «otra» para ver más.',
    nothingFits:
      'No encontré nada nuevo que cumpla con todo eso. ¿Quitamos alguna condición (otras décadas, otro género)?',
    greeting:
      '¡Hola! Soy la guía de películas de Cinelog. ¿Qué te apetece ver? Un estado de ánimo («algo divertido»), una película que te gustó («como Heat»), un género o una década me bastan.',
    thanks: '¡De nada! Disfruta de la película, y vuelve cuando quieras más ideas.',
    offTopic:
      'Solo puedo ayudar con películas, así que eso lo dejo. ¿Qué te apetece ver? Un género, una película que te gustó o una década me bastan.',
    missing: 'no está en nuestro catálogo',
    notInCatalog: (t) =>
      `"${t}" no está en nuestro catálogo con ese nombre (tiene películas estrenadas hasta mediados de 2017, con su título en inglés u original: si tiene otro, prueba con ese).`,
    closestTitle: (link, title) =>
      ` El título más parecido que tengo es ${link}; si es la que buscas, di «como ${title}».`,
    describeIt: 'Dime cómo es (el género, el tono, la época) y te busco algo parecido.',
    noPeople: (name) =>
      `No puedo buscar personas: este catálogo no tiene reparto ni equipo, así que no puedo encontrar películas con ${name}. Dime un género, un estado de ánimo o una película que te gustó y te sugiero algo.`,
    minutes: 'min',
    genres: genres({
      action: 'acción',
      adventure: 'aventura',
      animation: 'animación',
      comedy: 'comedia',
      crime: 'crimen',
      documentary: 'documental',
      drama: 'drama',
      family: 'familiar',
      fantasy: 'fantasía',
      history: 'historia',
      horror: 'terror',
      music: 'música',
      mystery: 'misterio',
      romance: 'romance',
      scifi: 'ciencia ficción',
      tv: 'película de TV',
      thriller: 'suspense',
      war: 'bélica',
      western: 'western',
    }),
  },
  fr: {
    picks: (n, like) =>
      `Voici ${n === 1 ? 'un film' : `${fr(n)} films`}${like ? ` dans la veine de ${like}` : ''} :`,
    more: (n) => (n === 1 ? 'En voici un autre :' : `En voici ${fr(n)} autres :`),
    askedFirst: (n) => (n ? `Le voici, avec ${fr(n)} autres dans la même veine :` : 'Le voici :'),
    fewer: (n) =>
      n === 1
        ? "Je n'ai trouvé que celui-ci qui réponde à tout."
        : "Je n'ai trouvé que ces deux-là qui répondent à tout.",
    relaxed: "Je n'en ai pas trouvé assez sur ce thème : certains ne répondent qu'au reste de la demande.",
    steer:
      'Envie d’autres idées ? Dites « autre », ou guidez-moi : « plus sombre », « plus léger », « des années 90 ».',
    steerLike: 'Dites « autre » pour en voir d’autres.',
    nothingFits:
      "Je n'ai rien trouvé de nouveau qui réponde à tout cela. On assouplit une condition (d'autres années, un autre genre) ?",
    greeting:
      "Bonjour ! Je suis le guide cinéma de Cinelog. Qu'avez-vous envie de voir ? Une humeur (« quelque chose de drôle »), un film que vous avez aimé (« comme Heat »), un genre ou une décennie me suffisent.",
    thanks: 'Avec plaisir ! Bon film, et revenez quand vous voulez d’autres idées.',
    offTopic:
      "Je ne peux aider qu'avec les films, je laisse donc cette question de côté. Qu'avez-vous envie de voir ? Un genre, un film aimé ou une décennie me suffisent.",
    missing: "n'est pas dans notre catalogue",
    notInCatalog: (t) =>
      `"${t}" n'est pas dans notre catalogue sous ce nom (il contient les films sortis jusqu'à mi-2017, sous leur titre anglais ou original : s'il en a un autre, essayez-le).`,
    closestTitle: (link, title) =>
      ` Le titre le plus proche que j'ai est ${link} ; si c'est celui-là, dites « comme ${title} ».`,
    describeIt:
      "Dites-moi à quoi il ressemble (le genre, l'ambiance, l'époque) et je trouverai quelque chose de proche.",
    noPeople: (name) =>
      `Je ne peux pas chercher de personnes : ce catalogue n'a ni distribution ni équipe, donc je ne peux pas trouver les films avec ${name}. Donnez-moi un genre, une humeur ou un film que vous avez aimé, et je vous propose quelque chose.`,
    minutes: 'min',
    genres: genres({
      action: 'action',
      adventure: 'aventure',
      animation: 'animation',
      comedy: 'comédie',
      crime: 'policier',
      documentary: 'documentaire',
      drama: 'drame',
      family: 'familial',
      fantasy: 'fantastique',
      history: 'histoire',
      horror: 'horreur',
      music: 'musique',
      mystery: 'mystère',
      romance: 'romance',
      scifi: 'science-fiction',
      tv: 'téléfilm',
      thriller: 'thriller',
      war: 'guerre',
      western: 'western',
    }),
  },
  de: {
    picks: (n, like) =>
      `${n === 1 ? 'Hier ist ein Film' : `Hier sind ${de(n)} Filme`}${like ? ` in der Art von ${like}` : ''}:`,
    more: (n) => (n === 1 ? 'Hier ist noch einer:' : `Hier sind ${de(n)} weitere:`),
    askedFirst: (n) => (n ? `Hier ist er, mit ${de(n)} weiteren in der Art:` : 'Hier ist er:'),
    fewer: (n) =>
      n === 1
        ? 'Nur dieser passt zu allem, was du suchst.'
        : 'Nur diese zwei passen zu allem, was du suchst.',
    relaxed: 'Zu dem Thema gab es nicht genug: einige passen nur zum Rest deiner Anfrage.',
    steer: 'Mehr? Sag „noch mehr“, oder lenk mich: „dunkler“, „leichter“, „aus den 90ern“.',
    steerLike: 'Sag „noch mehr“ für weitere.',
    nothingFits:
      'Ich habe nichts Neues gefunden, das zu allem passt. Lassen wir eine Bedingung weg (andere Jahre, ein anderes Genre)?',
    greeting:
      'Hallo! Ich bin der Filmguide von Cinelog. Worauf hast du Lust? Eine Stimmung („etwas Lustiges“), ein Film, der dir gefallen hat („wie Heat“), ein Genre oder ein Jahrzehnt reichen mir.',
    thanks: 'Gern geschehen! Viel Spaß beim Film, und komm wieder, wenn du mehr Ideen willst.',
    offTopic:
      'Ich kann nur bei Filmen helfen, das lasse ich also aus. Worauf hast du Lust? Ein Genre, ein Film, der dir gefallen hat, oder ein Jahrzehnt reichen mir.',
    missing: 'nicht in unserem Katalog',
    notInCatalog: (t) =>
      `"${t}" ist unter diesem Namen nicht in unserem Katalog (er enthält Filme bis Mitte 2017, unter ihrem englischen oder Originaltitel: wenn er anders heißt, versuch den).`,
    closestTitle: (link, title) =>
      ` Der ähnlichste Titel, den ich habe, ist ${link}; wenn du den meinst, sag „wie ${title}“.`,
    describeIt: 'Sag mir, wie er ist (Genre, Stimmung, Jahrzehnt), und ich finde etwas Ähnliches.',
    noPeople: (name) =>
      `Ich kann keine Personen nachschlagen: Dieser Katalog hat keine Besetzung und kein Team, daher finde ich keine Filme mit ${name}. Nenn mir ein Genre, eine Stimmung oder einen Film, der dir gefallen hat, und ich schlage dir etwas vor.`,
    minutes: 'Min.',
    genres: genres({
      action: 'Action',
      adventure: 'Abenteuer',
      animation: 'Animation',
      comedy: 'Komödie',
      crime: 'Krimi',
      documentary: 'Dokumentarfilm',
      drama: 'Drama',
      family: 'Familie',
      fantasy: 'Fantasy',
      history: 'Historie',
      horror: 'Horror',
      music: 'Musik',
      mystery: 'Mystery',
      romance: 'Liebesfilm',
      scifi: 'Science-Fiction',
      tv: 'TV-Film',
      thriller: 'Thriller',
      war: 'Kriegsfilm',
      western: 'Western',
    }),
  },
  it: {
    picks: (n, like) =>
      `Ecco ${n === 1 ? 'un film' : `${it(n)} film`}${like ? ` sulla linea di ${like}` : ''}:`,
    more: (n) => (n === 1 ? 'Eccone un altro:' : `Eccone altri ${it(n)}:`),
    askedFirst: (n) => (n ? `Eccolo, con altri ${it(n)} sulla stessa linea:` : 'Eccolo:'),
    fewer: (n) =>
      n === 1
        ? 'Ho trovato solo questo che va bene per tutto.'
        : 'Ho trovato solo questi due che vanno bene per tutto.',
    relaxed: 'Non ne ho trovati abbastanza su quel tema: alcuni rispondono solo al resto della richiesta.',
    steer: 'Ne vuoi altri? Scrivi «altri», o guidami: «più cupo», «più leggero», «degli anni 90».',
    steerLike: 'Scrivi «altri» per vederne altri.',
    nothingFits:
      'Non ho trovato niente di nuovo che vada bene per tutto. Togliamo una condizione (altri anni, un altro genere)?',
    greeting:
      'Ciao! Sono la guida ai film di Cinelog. Cosa ti va di vedere? Un umore («qualcosa di divertente»), un film che ti è piaciuto («come Heat»), un genere o un decennio mi bastano.',
    thanks: 'Prego! Buona visione, e torna quando vuoi altre idee.',
    offTopic:
      'Posso aiutare solo con i film, quindi questa la lascio. Cosa ti va di vedere? Un genere, un film che ti è piaciuto o un decennio mi bastano.',
    missing: 'non è nel nostro catalogo',
    notInCatalog: (t) =>
      `"${t}" non è nel nostro catalogo con questo titolo (contiene film usciti fino a metà 2017, con il titolo inglese o originale: se ne ha un altro, prova con quello).`,
    closestTitle: (link, title) =>
      ` Il titolo più vicino che ho è ${link}; se è quello, di' «come ${title}».`,
    describeIt: "Dimmi com'è (il genere, l'atmosfera, l'epoca) e troverò qualcosa di simile.",
    noPeople: (name) =>
      `Non posso cercare persone: questo catalogo non ha cast né troupe, quindi non trovo i film con ${name}. Dimmi un genere, un umore o un film che ti è piaciuto e ti suggerisco qualcosa.`,
    minutes: 'min',
    genres: genres({
      action: 'azione',
      adventure: 'avventura',
      animation: 'animazione',
      comedy: 'commedia',
      crime: 'crimine',
      documentary: 'documentario',
      drama: 'dramma',
      family: 'famiglia',
      fantasy: 'fantasy',
      history: 'storico',
      horror: 'horror',
      music: 'musica',
      mystery: 'mistero',
      romance: 'sentimentale',
      scifi: 'fantascienza',
      tv: 'film TV',
      thriller: 'thriller',
      war: 'guerra',
      western: 'western',
    }),
  },
  pt: {
    picks: (n, like) =>
      `${n === 1 ? 'Aqui vai um filme' : `Aqui vão ${pt(n)} filmes`}${like ? ` na linha de ${like}` : ''}:`,
    more: (n) => (n === 1 ? 'Aqui vai mais um:' : `Aqui vão mais ${pt(n)}:`),
    askedFirst: (n) => (n ? `Aqui está, com mais ${pt(n)} na mesma linha:` : 'Aqui está:'),
    fewer: (n) =>
      n === 1 ? 'Só encontrei este que atende a tudo.' : 'Só encontrei estes dois que atendem a tudo.',
    relaxed: 'Não encontrei o suficiente sobre esse tema: alguns só atendem ao resto do pedido.',
    steer: 'Quer mais? Diga «outro», ou me guie: «mais sombrio», «mais leve», «dos anos 90».',
    steerLike: 'Diga «outro» para ver mais.',
    nothingFits:
      'Não encontrei nada novo que atenda a tudo isso. Tiramos alguma condição (outros anos, outro gênero)?',
    greeting:
      'Olá! Sou o guia de filmes do Cinelog. O que você quer ver? Um clima («algo engraçado»), um filme de que gostou («como Heat»), um gênero ou uma década já bastam.',
    thanks: 'De nada! Bom filme, e volte quando quiser mais ideias.',
    offTopic:
      'Só posso ajudar com filmes, então vou deixar essa. O que você quer ver? Um gênero, um filme de que gostou ou uma década já bastam.',
    missing: 'não está no nosso catálogo',
    notInCatalog: (t) =>
      `"${t}" não está no nosso catálogo com esse nome (ele tem filmes lançados até meados de 2017, com o título em inglês ou original: se tiver outro, tente esse).`,
    closestTitle: (link, title) =>
      ` O título mais próximo que tenho é ${link}; se for esse, diga «como ${title}».`,
    describeIt: 'Diga-me como ele é (o gênero, o clima, a época) e eu encontro algo parecido.',
    noPeople: (name) =>
      `Não posso procurar pessoas: este catálogo não tem elenco nem equipe, então não consigo encontrar filmes com ${name}. Diga um gênero, um clima ou um filme de que gostou e eu sugiro algo.`,
    minutes: 'min',
    genres: genres({
      action: 'ação',
      adventure: 'aventura',
      animation: 'animação',
      comedy: 'comédia',
      crime: 'crime',
      documentary: 'documentário',
      drama: 'drama',
      family: 'família',
      fantasy: 'fantasia',
      history: 'história',
      horror: 'terror',
      music: 'música',
      mystery: 'mistério',
      romance: 'romance',
      scifi: 'ficção científica',
      tv: 'filme de TV',
      thriller: 'suspense',
      war: 'guerra',
      western: 'faroeste',
    }),
  },
};

/** What each language says of what could not be done (wording.ts SAID_SO_MARKERS). */
export const SAID_SO_IN_LANGUAGES: readonly string[] = Object.values(REPLY_PHRASES).flatMap((p) => [
  p.noPeople('').split(':')[0]!.trim(),
  p.fewer(1),
  p.fewer(2),
  p.relaxed,
  p.nothingFits,
  p.offTopic,
  p.missing,
]);

/** How each language opens "people cannot be looked up" (English first): the evaluation's marker. */
export const NO_PEOPLE_MARKERS: readonly string[] = [
  'look up people',
  ...Object.values(REPLY_PHRASES).map((p) => p.noPeople('').split(':')[0]!.trim()),
];

/** The phrases to answer in, or null for English (wording.ts). */
export const phrasesFor = (lang: MessageLang): ReplyPhrases | null =>
  lang === 'en' ? null : REPLY_PHRASES[lang];

/** A film's line in another language: its first two genres and length, then its summary as the catalog has it. */
export function filmFacts(m: CatalogMovie, say: ReplyPhrases, summary: string): string {
  const kinds = m.genre_ids
    .slice(0, 2)
    .map((g) => say.genres[g])
    .filter(Boolean)
    .join(', ');
  const facts = [kinds.replace(/^./, (c) => c.toUpperCase()), m.runtime ? `${m.runtime} ${say.minutes}` : '']
    .filter(Boolean)
    .join(' · ');
  return facts ? `${facts}${facts.endsWith('.') ? '' : '.'} ${summary}` : summary;
}
