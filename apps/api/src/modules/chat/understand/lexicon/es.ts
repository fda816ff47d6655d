import type { LanguageLexiconInput } from './schema';

export default {
  lang: 'es',
  markers:
    'el la los las una un que con sin para pelicula peliculas algo como quiero anos del por muy me parecida parecido recomiendame busco divertida miedo hola tienes gracias ver en espanol pelis'.split(
      ' ',
    ),
  greetings: ['hola', 'buenas', 'buenos dias', 'gracias'],
  thanks: ['gracias'],
  strongMovieContext: ['pelicula', 'peliculas', 'cine'],
  movieContext: ['pelicula', 'peliculas', 'cine', 'algo', 'recomienda', 'recomiendame'],
  offTopic: ['que tiempo', 'como cocinar', 'receta', 'clima'],
  offTopicTasks: ['escribe'],
} satisfies LanguageLexiconInput;
