import type { LanguageLexiconInput } from './schema';

export default {
  lang: 'de',
  markers:
    'der die das ein eine einen mit ohne fur etwas wie ich mochte jahre lustig nicht kein keine und filme film gruselig ahnlich hallo wer bist du eigentlich danke aus den bitte spannendes etwas'.split(
      ' ',
    ),
  greetings: ['hallo', 'guten tag', 'danke', 'servus', 'moin'],
  thanks: ['danke', 'vielen dank'],
  strongMovieContext: ['filme'],
  movieContext: ['filme', 'etwas', 'empfiehl'],
  offTopic: ['rezept', 'wetter'],
  offTopicTasks: ['schreib'],
  short: ['kurz', 'kurzer', 'kurze'],
  notLong: ['nicht zu lang', 'nicht zu lange', 'nicht so lang', 'nicht allzu lang', 'nicht sehr lang'],
  long: ['langer film', 'lange filme'],
  series: ['fernsehserie'],
  shortFilms: ['kurzfilm', 'kurzfilme'],
  recent: ['neu', 'neue', 'aktuelle'],
  classic: ['klassiker', 'alte'],
  leaveVerbs: ['vergiss', 'lass'],
  narrowing: ['speziell'],
  replacing: ['stattdessen'],
} satisfies LanguageLexiconInput;
