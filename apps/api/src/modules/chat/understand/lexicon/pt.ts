import type { LanguageLexiconInput } from './schema';

export default {
  lang: 'pt',
  markers:
    'um uma umas uns filme filmes com pra assistir quero horas menos mais minutos ficcao voces alguma algum algo parecido queria procuro anos dos das sem pra para criancas ola obrigado obrigada nao muito me recomenda indica voce tipo nada medo engracado mas ver estou'.split(
      ' ',
    ),
  greetings: ['ola', 'oi', 'bom dia', 'boa noite', 'obrigado', 'obrigada'],
  thanks: ['obrigado', 'obrigada'],
  likePrefixes: [
    'parecido com',
    'parecidos com',
    'parecida com',
    'parecidas com',
    'semelhante a',
    'no estilo de',
    'gostei de',
    'adorei',
    'amei',
    'voce tem',
    'voces tem',
    'tem',
    'tipo',
  ],
  strongMovieContext: ['filmes'],
  movieContext: ['filmes', 'recomenda', 'indica'],
  offTopic: ['clima'],
  short: ['curto', 'curta'],
  notLong: ['nao muito longo', 'nao muito longa', 'nao tao longo', 'nao tao longa'],
  long: ['filme longo'],
  recent: ['recentes'],
  classic: ['classicos'],
  leaveVerbs: ['esquece'],
} satisfies LanguageLexiconInput;
