import { describe, expect, it } from 'vitest';
import { GREETINGS, LIKE_PREFIXES_BY_LANG, THANKS } from '../lexicon';
import { LEXICONS } from './index';
import { LanguageLexiconSchema, LANGUAGES } from './schema';

describe('the lexicon as data, per language', () => {
  it('every language has a file that its schema accepts', () => {
    expect(Object.keys(LEXICONS).sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES) expect(LEXICONS[lang].lang).toBe(lang);
  });

  it('rejects a phrase in a form no message is read in, a marker of two words and an unknown field', () => {
    const base = {
      lang: 'fr',
      markers: ['le', 'la', 'les', 'une', 'des'],
      greetings: ['salut'],
      thanks: ['merci'],
    };
    expect(LanguageLexiconSchema.safeParse(base).success).toBe(true);
    for (const greetings of [['Bonjour'], ['très bien'], ['bonne  nuit'], [' salut'], []])
      expect(LanguageLexiconSchema.safeParse({ ...base, greetings }).success, String(greetings)).toBe(false);
    expect(LanguageLexiconSchema.safeParse({ ...base, markers: ['il y', 'a', 'b', 'c', 'd'] }).success).toBe(
      false,
    );
    expect(LanguageLexiconSchema.safeParse({ ...base, genres: [] }).success).toBe(false);
    expect(LanguageLexiconSchema.safeParse({ ...base, lang: 'nl' }).success).toBe(false);
  });

  it('the lists the clauses read are every language side by side', () => {
    expect(GREETINGS).toEqual(
      expect.arrayContaining(['hi', 'hola', 'bonjour', 'guten tag', 'ciao', 'bom dia']),
    );
    expect(THANKS).toEqual(
      expect.arrayContaining(['thank you', 'gracias', 'merci', 'vielen dank', 'grazie', 'obrigada']),
    );
    expect(LIKE_PREFIXES_BY_LANG.it).toContain('qualcosa tipo');
    expect(LIKE_PREFIXES_BY_LANG.pt).toContain('parecido com');
    expect(LIKE_PREFIXES_BY_LANG.es).toBeUndefined();
  });
});
