import { scanRegex, type State } from './clauses';
import type { Dropped } from './query';

/**
 * Words that lift an earlier constraint of the conversation, which a later turn otherwise carries
 * (turns/merge.ts): "any language is fine", "doesn't matter how old", "any length", "start over".
 */
const DROPS: readonly [Dropped, RegExp][] = [
  [
    'all',
    /\b(?:start (?:over|again|afresh)|from scratch|(?:something|anything) (?:completely|totally|entirely) (?:different|else)|forget (?:all )?(?:that|those|about that|everything)|new (?:request|topic|search|question)|change of plan|(?:completely|totally|entirely|a) different (?:question|topic|subject|request|thing)|on another (?:note|topic)|(?:unrelated|different|separate|other) question|change (?:of )?(?:topic|subject)|changing (?:the )?(?:topic|subject))\b/,
  ],
  [
    'languages',
    /\b(?:any|whatever|every) language\b|\blanguage (?:doesn'?t|does not|don'?t) matter\b|\b(?:any|other) languages?\b/,
  ],
  [
    'years',
    /\b(?:any|whatever) (?:era|decade|year|period|age)\b|\b(?:era|decade|year|period) (?:doesn'?t|does not|don'?t) matter\b|\b(?:doesn'?t|does not|don'?t) (?:matter|care) how (?:old|new|recent)\b|\bold or new\b/,
  ],
  [
    'runtime',
    /\b(?:any|whatever) (?:length|runtime)\b|\b(?:length|runtime) (?:doesn'?t|does not|don'?t) matter\b|\b(?:doesn'?t|does not|don'?t) (?:matter|care) how long\b/,
  ],
  ['rating', /\b(?:any|whatever) rating\b|\brating (?:doesn'?t|does not|don'?t) matter\b/],
];

/** Marks what the message lifts (`Query.drops`); the words are used. */
export function dropClause(s: State): void {
  for (const [kind, re] of DROPS)
    scanRegex(s, new RegExp(re.source, 'g'), () => {
      if (!(s.q.drops ??= []).includes(kind)) s.q.drops.push(kind);
    });
}
