import type { LanguageLexiconInput } from './schema';

export default {
  lang: 'fr',
  markers:
    "le les une des du avec sans pour quelque chose comme je veux annees drole pas un film de la recommande cherche peur bonjour salut comment ca va merci tu vous est d' l' qu' j' enfants".split(
      ' ',
    ),
  greetings: [
    'bonjour',
    'salut',
    'merci',
    'bonsoir',
    'coucou',
    'comment ca va',
    'ca va',
    'comment allez vous',
  ],
  help: [
    'comment ca marche',
    'comment ca fonctionne',
    'comment tu marches',
    'comment tu fonctionnes',
    'que peux tu faire',
    'que sais tu faire',
    'tu sers a quoi',
    'a quoi tu sers',
  ],
  thanks: ['merci'],
  movieContext: ['film', 'quelque chose', 'recommande'],
  offTopic: ['quel temps', 'recette', 'meteo', 'va pleuvoir', 'va neiger'],
  offTopicTasks: ['ecris'],
  short: ['courte', 'court'],
  notLong: ['pas trop long', 'pas trop longue', 'pas tres long', 'pas tres longue'],
  long: ['film long'],
  shortFilms: ['court metrage', 'courts metrages'],
  recent: ['recent', 'recents', 'nouveau', 'nouveaux'],
  classic: ['classique', 'classiques'],
  leaveVerbs: ['oublie', 'laisse tomber'],
  narrowing: ['en particulier'],
  replacing: ['a la place'],
} satisfies LanguageLexiconInput;
