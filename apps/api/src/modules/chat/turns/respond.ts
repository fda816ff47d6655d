import type { ChatRequest, EngineAnswer } from '../request';
import { TURNED_DOWN } from '../understand/lexicon';
import { emptyQuery, hasRequest } from '../understand/query';
import { aboutShownTurn, nothingShownTurn } from './about-shown';
import { followUpTurn } from './follow-up';
import { franchiseTurn } from './franchise';
import { greetingTurn } from './greeting';
import { newRequestTurn } from './new-request';
import { offTopicTurn } from './off-topic';
import { peopleQuestionTurn } from './person';
import { refinementTurn } from './refinement';
import { shownFitTurn } from './shown-fit';
import { decide, type Turn, type TurnContext } from './turn';

/**
 * The decide stage. What the message is, before it is joined with the conversation: the first
 * that applies answers it. None does: it is a request for films (REQUEST_KINDS).
 */
export const CONVERSATION_TURNS: readonly Turn[] = [
  aboutShownTurn,
  shownFitTurn,
  franchiseTurn,
  peopleQuestionTurn,
  nothingShownTurn,
  offTopicTurn,
  greetingTurn,
];

/** How a request for films relates to the last one; each then serves it (serve.ts). */
export const REQUEST_KINDS: readonly Turn[] = [followUpTurn, refinementTurn, newRequestTurn];

/** A message that only turns down what was shown or offered ("no", "nah thanks", "nope!"). */
const TURNED_DOWN_ONLY = new RegExp(
  String.raw`^\s*(?:no+|${TURNED_DOWN.join('|')})(?:[\s,]+(?:thanks|thank you|thx|ty))?[\s.!?]*$`,
  'i',
);

/** A bare title ("Amélie?") is a "like" request when the message is nothing else. */
function withBareTitle(req: ChatRequest, ctx: TurnContext): ChatRequest {
  const q = req.query;
  // "no", "no thanks": a list turned down, never the film "No" (2012).
  if (TURNED_DOWN_ONLY.test(req.message)) return req;
  // Decision 0096: the whole message being a title names it ("the matrix", "Amélie?"), whatever
  // its words would otherwise be read as (a theme, a typo of a keyword, small talk).
  const bareOnly =
    !hasRequest(q) ||
    // A well-known title of words typed whole is that film, whatever its words read as ("the dark
    // knight rises" is no dark mood, "back to the future" no future theme).
    (!q.like && !q.person && wholeKnownTitle(req, ctx)) ||
    (!q.like &&
      !q.person &&
      q.social !== 'greeting' &&
      q.social !== 'thanks' &&
      q.genreGroups.length === 0 &&
      q.moods.length === 0 &&
      // A theme typed as such ("heist") stays a theme; one read from a typo ("inception") gives way.
      q.keywordsIn.every((k) => !req.message.toLowerCase().includes(k)) &&
      q.languages.length === 0 &&
      q.yearFrom === undefined &&
      q.yearTo === undefined);
  if (!bareOnly) return req;
  const bare = ctx.resolveTitle(bareText(req.message));
  // A well-known title typed with a typo ("the godfahter") is that film too.
  if (!bare || bare.movie.vote_count < (bare.confidence >= 0.95 ? 50 : 300) || bare.confidence < 0.9)
    return req;
  const like = { text: bare.movie.title, movie: bare.movie, confidence: bare.confidence, closest: null };
  // The message is the title and nothing else: its words ask for nothing more ("The Hurt Locker"
  // is no "locker", German for easy-going; "Funny Games" no comedy).
  return {
    ...req,
    query: { ...emptyQuery(q.lang), like, filmAsked: true, empty: false },
    seed: bare.movie,
  };
}

/** The message without its end marks and the words that only pad it ("… pls", "please …"). */
const bareText = (message: string) =>
  message
    .trim()
    .replace(/[?!.]+$/, '')
    .replace(/^(?:please|pls|plz)\s+|\s+(?:please|pls|plz|thx|thanks|lol)[?!.]*$/i, '')
    .trim();

/** The message is a well-known film's title of two words or more, typed whole. */
function wholeKnownTitle(req: ChatRequest, ctx: TurnContext): boolean {
  const text = bareText(req.message).trim();
  if (text.split(/\s+/).length < 2) return false;
  const hit = ctx.resolveTitle(text);
  // Within a typo ("forest gump") when the reading left a word it knows only from films' texts.
  const least = req.query.unknown.length + (req.query.textWords?.length ?? 0) > 0 ? 0.9 : 0.95;
  return !!hit && hit.confidence >= least && hit.movie.vote_count >= 300;
}

/** Decides which kind of turn a request is and answers it with that kind's handler. */
export function respond(req: ChatRequest, ctx: TurnContext): EngineAnswer | Promise<EngineAnswer> {
  const read = withBareTitle(req, ctx);
  const turn = decide(CONVERSATION_TURNS, read, ctx);
  if (turn) return turn.handle(read, ctx);
  return decide(REQUEST_KINDS, read, ctx)!.handle(read, ctx);
}

/** Which kind of turn a request is (for tests and logs). */
export function turnKind(req: ChatRequest, ctx: TurnContext): Turn['kind'] {
  const read = withBareTitle(req, ctx);
  return (decide(CONVERSATION_TURNS, read, ctx) ?? decide(REQUEST_KINDS, read, ctx)!).kind;
}
