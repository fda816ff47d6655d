import type { CatalogMovie } from '@app/catalog';
import {
  answerAboutOne,
  askedAboutOne,
  askedAboutShown,
  factAskedOfNamed,
  folded,
  limitOrder,
  orderShown,
  pointsOnlyAtShown,
  questionSubject,
} from '../about-shown';
import { selectsFromShown } from '../shown-fit';
import { lastPicks, NAMED_MIN_VOTES, reply, type ChatRequest } from '../request';
import { emptyQuery } from '../understand/query';
import * as say from '../wording';
import { TITLE_CONFIDENCE } from '../understand/clauses';
import { titleWords } from '../exact-titles';
import { sentencesOf } from '../understand/text';
import { lastSeed, type Turn, type TurnContext } from './turn';

/**
 * A message that asks for films of its own ("the best horror films, which one would you pick?")
 * is a new request, not a question about the ones shown.
 */
const asksForFilms = (req: ChatRequest) => {
  const q = req.query;
  // A mood read from the superlative itself ("the creepiest") is what is asked about, not a request.
  // So is a genre read from it ("the creepiest": horror, scarier).
  return !!q.like || (q.genreGroups.length > 0 && !q.comparative) || q.keywordsIn.length > 0;
};

/** "which is the least sad?", "which one for a first date?": a question opening with "which" asks among the films shown. */
const ASKS_WHICH = /^\W*(?:ok |okay |so |and |hmm |but )?which\b/i;

const order = (req: ChatRequest) =>
  req.state.lastPicks.length &&
  (pointsOnlyAtShown(req.message) || !asksForFilms(req) || ASKS_WHICH.test(req.message))
    ? (askedAboutShown(req.message) ?? (selectsFromShown(req.message) ? limitOrder(req.query) : null))
    : null;

/**
 * Decision 0159: "which of those is the least confusing?" with no film shown (the last answer had
 * none: a person offline, a title missing): said so, never "I can only help with movies".
 */
export const nothingShownTurn: Turn = {
  kind: 'about-shown',
  matches: (req, ctx) =>
    // The last answer had no films for a request it remembers (a person asked offline); the films
    // shown before it, if any, stay the ones a question is about (aboutShownTurn).
    !!req.state.lastRemembered &&
    lastPicks(req, (id) => ctx.catalog.get(id)).length === 0 &&
    pointsOnlyAtShown(req.message) &&
    !!askedAboutShown(req.message) &&
    !asksForFilms(req),
  handle: (req) => reply(req, say.NOTHING_SHOWN),
};

/** Films of the same title as a shown one (an original and its remake), known enough to judge. */
const namesakes = (ctx: TurnContext) => (m: CatalogMovie) => {
  const t = m.title.toLowerCase();
  return ctx.catalog.popular.filter(
    (o) => o.id !== m.id && o.vote_count >= 50 && o.title.toLowerCase() === t,
  );
};

/** "is the first one better?", "how long is it?": a question about one or two of the films shown. */
const one = (req: ChatRequest, ctx: TurnContext) => {
  if (!asksAQuestion(req.message)) return null;
  const shown = lastPicks(req, (id) => ctx.catalog.get(id));
  const fromShown = shown.length ? askedAboutOne(req.message, shown, namesakes(ctx)) : null;
  if (fromShown && (!req.query.like?.movie || fromShown.films.length)) return fromShown;
  // "what order do i watch star wars in?": a franchise's question is the franchise's, not a fact of one of its films.
  if (ctx.franchises().asked(req.message)) return fromShown;
  // "how long is lawrence of arabia?? my uncle wants us to watch it": the question is its sentence,
  // the rest the story around it.
  const question = sentencesOf(req.message).find((s) => s.endsWith('?'));
  const asked = question ? { ...req, message: question } : req;
  const named = namedFilm(asked, ctx) ?? (question ? namedFilm(req, ctx) : null);
  if (named && !shown.some((m) => m.id === named.id)) return aboutNamed(asked, ctx, named);
  return fromShown;
};

/**
 * Decision 0105: a fact asked of a film named that was not shown ("how long is The Godfather?", "is
 * Empire of the Sun based on a true story?") is answered from its data. Whether it is any good
 * stays a request for films like it ("is Heat any good? something like it").
 */
const aboutNamed = (req: ChatRequest, ctx: TurnContext, film: CatalogMovie) => {
  const asked = askedAboutOne(req.message, [film], namesakes(ctx));
  if (asked && asked.fact.word !== 'rating') return { ...asked, films: [film] };
  // "how long is the fellowship of the ring?" (the catalog's title is longer), "whats the rating on amelie".
  const fact = factAskedOfNamed(req.message);
  return fact ? { text: folded(req.message), films: [film], fact } : null;
};

/** The film a question names: the one read as a title, else the whole rest of the question. */
const namedFilm = (req: ChatRequest, ctx: TurnContext): CatalogMovie | null => {
  const subject = questionSubject(req.message);
  // A pronoun typed as one ("how long is it?") points back, never at a film of that name ("It").
  if (subject && POINTS_BACK.test(subject.trim())) return null;
  const like = req.query.like;
  // A film read as one the request is like is the one asked about when nothing else is asked, when
  // the question opens with it, or when it is what the question asks to watch ("is it ok for my
  // kids to watch the lion king?": the kids read as a family request).
  if (like?.movie)
    return like.confidence >= TITLE_CONFIDENCE &&
      (isOnlyAQuestion(req.query) ||
        opensWithTitle(req.message, like.movie) ||
        filmFirstIn(afterWatch(req.message), ctx)?.id === like.movie.id)
      ? like.movie
      : null;
  const opening = filmOpening(req.message, ctx);
  if (opening) return opening;
  // The rest of the question is the title: nothing else is asked (its fact words may read as a theme).
  const title = subject ? ctx.resolveTitle(subject) : null;
  return title && title.confidence >= TITLE_CONFIDENCE && title.movie.vote_count >= 50 ? title.movie : null;
};

/** The words after a yes/no question's opening verb ("is amelie a good…": amelie a good…), or null. */
const afterYesNo = (message: string): string[] | null => {
  const words = titleWords(message);
  return /^(?:is|was|are|does|would|will|can|could)$/.test(words[0] ?? '') ? words.slice(1) : null;
};

/**
 * "is amelie a good date movie?", "is the thing scary or just gross?": a yes/no question whose
 * subject is the film named asks its mood and genre words of that film; they ask for no films.
 */
const opensWithTitle = (message: string, film: CatalogMovie) => {
  const rest = afterYesNo(message);
  return !!rest && titleWords(film.title).every((w, i) => rest[i] === w);
};

/**
 * The well-known film a yes/no question opens with, typed whole ("is amelie a good date movie?"),
 * when the reading took no title from it (its mood words asked for films), or the one it asks to
 * watch ("can my 10 year old watch jaws?").
 */
const filmOpening = (message: string, ctx: TurnContext): CatalogMovie | null =>
  filmFirstIn(afterYesNo(message), ctx) ?? filmFirstIn(afterWatch(message), ctx);

/** The words after the last "watch" or "see" of a question ("can she watch titanic?": titanic), or null. */
const afterWatch = (message: string): string[] | null => {
  const words = titleWords(message);
  const at = words.findLastIndex((w) => w === 'watch' || w === 'see');
  return at >= 0 ? words.slice(at + 1) : null;
};

/** The well-known film whose title the words open with, typed whole or slipped word for word. */
const filmFirstIn = (rest: string[] | null, ctx: TurnContext): CatalogMovie | null => {
  for (let k = Math.min(6, rest?.length ?? 0); k >= 1; k--) {
    const typed = rest!.slice(0, k).join(' ');
    if (POINTS_BACK.test(typed)) return null;
    const t = ctx.resolveTitle(typed);
    if (!t || t.movie.vote_count < NAMED_MIN_VOTES) continue;
    // Typed whole, or slipped word for word ("is pans labrinth ok for a 12 year old?", "is the
    // shinning very gory?"): as many words as the title, each read as its word.
    const title = titleWords(t.movie.title);
    if (title.join(' ') === typed || (title.length === k && t.confidence >= SLIPPED_OPENING)) return t.movie;
  }
  return null;
};

/** How sure a title typed with slips must be to be the film a yes/no question opens with. */
const SLIPPED_OPENING = 0.8;

/** Words that point back at what was said, in lower case as typed (case-sensitive: "It" is a title). */
const POINTS_BACK = /^(?:it|this|that|this one|that one|them|these|those|the film|the movie|eso|esa|ça|das)$/;

/** Nothing asked of the films besides the film named: no genre, mood, theme, years or language. */
const isOnlyAQuestion = (q: ChatRequest['query']) =>
  !q.genreGroups.length && !q.moods.length && !q.keywordsIn.length && !q.languages.length && !q.followUp;

/**
 * A question (its words, not the mood or genre words in it, say what it asks): "is the second one
 * scarier?" asks about a film shown, "something scarier" asks for films.
 */
const QUESTION =
  /\?$|^(?:(?:ok|okay|so|and|hmm),? )?(?:is|was|are|were|does|did|do|how|what|what's|whats|which|when|would|should|can|could|tell me|describe|explain)\b/i;

/**
 * Whether one of the message's sentences or clauses is a question: "the first one u listed - is it
 * depressing? not in the mood for sad" asks, though it ends with what is not wanted.
 */
const asksAQuestion = (message: string) =>
  /\?/.test(message) || message.split(/[.!;–—]+|\s-\s/).some((part) => QUESTION.test(part.trim()));

/**
 * "which of those is the shortest?": a question about the films just shown is answered from them,
 * in the order asked; the conversation's request and film stay what they were.
 */
export const aboutShownTurn: Turn = {
  kind: 'about-shown',
  matches: (req, ctx) =>
    (!!order(req) && lastPicks(req, (id) => ctx.catalog.get(id)).length > 0) || !!one(req, ctx),
  handle(req: ChatRequest, ctx: TurnContext) {
    const asked = order(req);
    // The answer names the films asked about and shows no new list: the films shown stay the
    // conversation's (no picks, so "the second one" still means what it meant).
    if (!asked) {
      const about = one(req, ctx)!;
      const shown = lastPicks(req, (id) => ctx.catalog.get(id));
      const text = answerAboutOne(about, shown, say.movieLink);
      // Decision 0137: a film asked about with nothing shown yet is shown (its card; "anything like
      // it?" then follows it, not the story the question was told in). With films shown, those
      // stay the conversation's.
      if (shown.length || about.films.length !== 1) return reply(req, text);
      const film = about.films[0]!;
      const aboutFilm = { ...req, query: emptyQuery(req.query.lang), seed: film };
      return reply(aboutFilm, text, [{ movie: film, reason: '' }]);
    }
    const films = lastPicks(req, (id) => ctx.catalog.get(id));
    // None of them has any of it: said so, and answered by the nearest order ("the lightest").
    const none = asked.noneHave && !films.some(asked.noneHave.is) ? asked.noneHave : null;
    const by = none?.instead ?? asked;
    const ordered = orderShown(films, by);
    const kept: ChatRequest = { ...req, query: req.last ?? req.query, seed: lastSeed(req, ctx) };
    const picks = ordered.map((m) => ({ movie: m, reason: say.esc(by.detail(m)) }));
    const first = say.movieLink(ordered[0]!);
    const lead = none
      ? `None of those is ${none.kind}; the ${by.word} is ${first}. All of them, ${by.word} first:`
      : (by.lead?.(first, ordered[0]!) ??
        `Of those, the ${by.word} is ${first}. All of them, ${by.word} first:`);
    return reply(kept, say.renderPicks(lead, picks, ''), picks);
  },
};
