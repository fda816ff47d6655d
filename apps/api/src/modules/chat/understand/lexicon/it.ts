import type { LanguageLexiconInput } from './schema';

export default {
  lang: 'it',
  markers:
    "il lo gli la le da con uno una un un' anni film commedia comico animazione stasera guardare qualcosa come voglio vorrei cerco anni degli dei della delle senza per bambini film ciao grazie che non troppo mi consigli consiglia di tipo niente nessun paura divertente simile ma molto sono".split(
      ' ',
    ),
  greetings: ['ciao', 'buongiorno', 'buonasera', 'grazie', 'come stai', 'come va'],
  help: ['come funziona', 'come funzioni', 'cosa sai fare', 'cosa puoi fare', 'a cosa servi'],
  thanks: ['grazie'],
  likePrefixes: [
    'come',
    'tipo',
    'simile a',
    'simili a',
    'qualcosa come',
    'qualcosa tipo',
    'nello stile di',
    'sul genere di',
    'ho amato',
    'ho adorato',
    'mi e piaciuto',
    'mi e piaciuta',
    'hai',
    'avete',
  ],
  movieContext: ['qualcosa', 'consigli', 'consiglia', 'consigliami'],
  offTopic: ['meteo', 'clima', 'piovera', 'nevichera'],
  short: ['breve', 'corti'],
  notLong: ['non troppo lungo', 'non troppo lunga', 'non molto lungo', 'non molto lunga'],
  long: ['film lungo'],
  series: ['serie tv'],
  recent: ['recente', 'recenti'],
  classic: ['classico', 'classici'],
  leaveVerbs: ['dimentica'],
  narrowing: ['in particolare'],
  replacing: ['invece'],
} satisfies LanguageLexiconInput;
