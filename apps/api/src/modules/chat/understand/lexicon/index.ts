import type { MessageLang } from '../query';
import de from './de';
import en from './en';
import es from './es';
import fr from './fr';
import it from './it';
import pt from './pt';
import { LanguageLexiconSchema, LANGUAGES, type LanguageLexicon } from './schema';

/**
 * The per-language word lists, validated at load (a malformed phrase fails the chat's start, and
 * its tests, rather than silently never matching). English first, then as `LANGUAGES`.
 */
export const LEXICONS: Readonly<Record<MessageLang, LanguageLexicon>> = Object.fromEntries(
  [en, es, fr, de, it, pt].map((raw) => {
    const lexicon = LanguageLexiconSchema.parse(raw);
    return [lexicon.lang, lexicon];
  }),
) as Record<MessageLang, LanguageLexicon>;

/** The lists every language may have (the language's own "like" words are read only in it). */
type ListKey = Exclude<keyof LanguageLexicon, 'lang' | 'likePrefixes'>;

/** One list of every language, in `LANGUAGES` order. */
export const inEveryLanguage = (key: ListKey): string[] => LANGUAGES.flatMap((lang) => LEXICONS[lang][key]);

/**
 * A test of whether normalized text (`normalize` in text.ts) holds one of the phrases as whole
 * words: for the lists read on the message as a whole rather than word by word.
 */
export function saysOneOf(phrases: readonly string[]): (normalized: string) => boolean {
  const escaped = [...phrases]
    .sort((a, b) => b.length - a.length)
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const re = new RegExp(`(?<![a-z0-9'])(?:${escaped.join('|')})(?![a-z0-9'])`);
  return (normalized) => re.test(normalized);
}
