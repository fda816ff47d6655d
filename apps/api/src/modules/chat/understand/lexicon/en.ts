import type { LanguageLexiconInput } from './schema';

export default {
  lang: 'en',
  markers:
    'the a an with without for something like movie movies film films i want from about and to me some show me please watch'.split(
      ' ',
    ),
  greetings: [
    'hi',
    'hello',
    'hey',
    'hiya',
    'yo',
    'good morning',
    'good evening',
    'good afternoon',
    'howdy',
    'greetings',
    'thanks',
    'thank you',
    'thx',
    'cheers',
    'ok',
    'okay',
    'cool',
    'great',
    'nice',
    'bye',
    'goodbye',
    'how are you',
    'whats up',
    "what's up",
    'sup',
  ],
  thanks: ['thanks', 'thank you', 'thx', 'cheers', 'ty', 'perfect', 'bye', 'goodbye'],
} satisfies LanguageLexiconInput;
