import type { LanguageLexiconInput } from './schema';

export default {
  lang: 'es',
  markers:
    'el la los las una un que con sin ni nada para pelicula peliculas algo como quiero anos del de mas despues antes pero por muy me parecida parecido recomiendame recomiendas recomienda busco divertida miedo hola tienes tienen teneis necesito puedes dame quisiera alguna algun gracias ver en espanol pelis menos minutos horas corta corto'.split(
      ' ',
    ),
  greetings: [
    'hola',
    'buenas',
    'buenos dias',
    'buenas tardes',
    'buenas noches',
    'gracias',
    'como estas',
    'que tal',
  ],
  help: [
    'como funciona',
    'como funciona esto',
    'como funcionas',
    'que puedes hacer',
    'que haces',
    'como te uso',
    'para que sirves',
  ],
  thanks: ['gracias'],
  strongMovieContext: ['pelicula', 'peliculas', 'cine'],
  movieContext: ['pelicula', 'peliculas', 'cine', 'algo', 'recomienda', 'recomiendame'],
  offTopic: ['que tiempo', 'como cocinar', 'receta', 'clima', 'va a llover', 'va a nevar'],
  offTopicTasks: ['escribe'],
  short: ['corta', 'corto'],
  notLong: ['no muy larga', 'no muy largo', 'no demasiado larga', 'no demasiado largo', 'no tan larga'],
  long: ['pelicula larga'],
  series: ['serie', 'series tv'],
  shortFilms: ['cortometraje', 'cortometrajes'],
  recent: ['nuevas', 'nueva', 'reciente', 'recientes'],
  classic: ['clasica', 'clasicas', 'clasico'],
  leaveVerbs: ['olvida', 'olvidate de', 'deja'],
  narrowing: ['en particular'],
  replacing: ['en cambio', 'en vez de eso'],
} satisfies LanguageLexiconInput;
