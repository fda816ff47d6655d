import type { CatalogMovie } from '@app/catalog';
import type { MovieCredits } from '@app/contracts';
import { reply, type ChatRequest } from '../request';
import { ASKS_FOR_FILMS } from '../understand/lexicon';
import { TITLE_CONFIDENCE } from '../understand/clauses';
import { hasRequest, type MessageLang } from '../understand/query';
import { phrasesFor } from '../reply-language';
import * as say from '../wording';
import { serveFilms } from './films';
import type { FilmCredits, PeopleIndex, Turn, TurnContext } from './turn';

/**
 * Who made or plays in a film ("who directed Pulp Fiction?", "who's in Heat", "the cast of
 * Alien"): answered from the film's credits when a synced catalog has them (issue 42); else
 * (offline, or a film not synced yet) said plainly that the catalog cannot tell.
 */
export const peopleQuestionTurn: Turn = {
  kind: 'people-question',
  matches: (req) => !!req.query.peopleQuestion && !req.query.person,
  handle: async (req, ctx) => {
    const film = askedFilm(req, ctx);
    const credits = film && (hasCredits(film) ? film : await ctx.filmCredits?.(film.id).catch(() => null));
    if (film && credits && hasCredits(credits))
      return reply(req, creditsOf(film, credits), [{ movie: film, reason: '' }]);
    // A synced catalog that has not brought this film's credits yet: said of the film.
    if (film && ctx.people())
      return reply(
        req,
        `I don't have the cast and crew of ${say.movieLink(film)} yet: they come with the catalog's next update. I can suggest films like it, though: just ask.`,
      );
    return reply(req, say.PEOPLE_QUESTION);
  },
};

/** The film a question about its people names (`Query.askedFilm`), when the catalog knows it well enough. */
function askedFilm(req: ChatRequest, ctx: TurnContext): CatalogMovie | null {
  const found = req.query.askedFilm ? ctx.resolveTitle(req.query.askedFilm) : null;
  return found && found.confidence >= TITLE_CONFIDENCE ? found.movie : null;
}

/** "A, B and C" (at most `max` names). */
const names = (people: readonly { name: string }[], max: number) => {
  const list = people.slice(0, max).map((p) => say.esc(p.name));
  return list.length < 2 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
};

const hasCredits = (c: FilmCredits) => !!(c.cast?.length || c.directors?.length);

/**
 * A film's credits as TMDB's `/movie/{id}/credits` gives them (live mode): its cast in billing
 * order; its crew entries name their job and department.
 */
export function filmCreditsOf(c: MovieCredits): FilmCredits {
  const crew = c.crew as { id: number; name?: unknown; job?: unknown; department?: unknown }[];
  const named = (keep: (p: (typeof crew)[number]) => boolean) =>
    crew
      .filter((p) => keep(p) && typeof p.name === 'string')
      .map((p) => ({ id: p.id, name: p.name as string }));
  return {
    cast: c.cast.map((p, order) => ({ id: p.id, name: p.name, character: p.character ?? '', order })),
    directors: named((p) => p.job === 'Director'),
    writers: named((p) => p.department === 'Writing'),
  };
}

/** A film's directors, writers and top-billed cast, as its credits give them. */
function creditsOf(m: CatalogMovie, c: FilmCredits): string {
  const parts: string[] = [];
  if (c.directors?.length) parts.push(`directed by ${names(c.directors, 3)}`);
  if (c.writers?.length) parts.push(`written by ${names(c.writers, 3)}`);
  const cast = [...(c.cast ?? [])].sort((a, b) => a.order - b.order);
  if (cast.length) parts.push(`starring ${names(cast, 5)}`);
  return `${say.movieLink(m)}: ${parts.join('; ')}.`;
}

/** What the chat needs of the catalog's people index (`@app/catalog` people-index.ts). */
interface CatalogPeople {
  readonly size: number;
  search(name: string, limit?: number): { id: number; name: string }[];
  films(id: number): { id: number }[];
}

/**
 * The catalog's people index as the person turn reads it: the closest names (typos forgiven) with
 * their films, best known first; null when the catalog has no credits (the offline dataset).
 */
export function peopleFrom(index: CatalogPeople): PeopleIndex | null {
  if (index.size === 0) return null;
  return {
    findPeople: (name) =>
      index
        .search(name, 3)
        .map((p) => ({ id: p.id, name: p.name, films: index.films(p.id).map((m) => m.id) })),
  };
}

/** People cannot be looked up offline: said in the message's language (decision 0140). */
export const cannotLookUpPeople = (name: string, lang: MessageLang = 'en') =>
  phrasesFor(lang)?.noPeople(say.esc(name)) ??
  `I can't look up people: this catalog has no cast or crew, so I can't find films with ${say.esc(name)}. Tell me a genre, a mood or a movie you liked instead, and I'll suggest something.`;

/**
 * A person's films by id: from the catalog's people index when it has cast data (the best match
 * for the name, typos allowed), else from the live source (TMDB); undefined when neither can look
 * people up (offline); null or empty when nobody of that name is found.
 */
async function personFilms(name: string, ctx: TurnContext): Promise<number[] | null | undefined> {
  const people = ctx.people();
  if (people) return people.findPeople(name)[0]?.films ?? null;
  if (!ctx.moviesWithPerson) return undefined;
  return ctx.moviesWithPerson(name).catch(() => null);
}

/**
 * Decision 0105: a person beside a kind of film ("romantic and elegant films, Audrey Hepburn and that
 * sort of thing", "something with keanu reeves, preferably action"): offline, the kind is served and
 * the reply says first that people cannot be looked up. A person with only years or a length ("meryl
 * streep, her stuff from the 80s") is about that person: no films could be said to be theirs. A
 * topic the catalog knows is a kind too ("80s teen movies, the john hughes kind").
 */
const asksForMore = (req: ChatRequest) =>
  req.query.genreGroups.length > 0 ||
  // "hitchcock classics?": the person's classics are about the person, as years are (decision 0133).
  req.query.moods.some((m) => !PERSON_QUALIFIERS.has(m)) ||
  req.query.languages.length > 0 ||
  // A kind told by its subject ("80s teen movies, the john hughes kind"): a topic the catalog knows,
  // for films in the plural (not "is the barbie movie with margot robbie on here": one film).
  (req.query.keywordsIn.length > 0 &&
    /\b(?:movies|films|flicks|pictures|pics|ones|stuff|kind|era)\b/i.test(req.message));

/** Moods that only qualify a person's own films ("hitchcock classics", "his classic stuff"). */
const PERSON_QUALIFIERS: ReadonlySet<string> = new Set(['classic']);

async function withoutPerson(req: ChatRequest, ctx: TurnContext, name: string) {
  const rest: ChatRequest = { ...req, query: { ...req.query, person: undefined } };
  const served = await serveFilms(rest, ctx);
  if (!served.picks.length) return reply(req, cannotLookUpPeople(name, req.query.lang));
  const note = `I can't look up people (this catalog has no cast or crew), so these are not chosen for ${say.esc(name)}, only for the rest of what you asked.`;
  return { ...served, message: `${note}\n\n${served.message}` };
}

/**
 * A person ruled out ("ok but no wes anderson", "samurai films, not the tom cruise one"): with
 * cast data (or live), their films are left out and the rest is served. Offline nothing can be
 * left out: a message that asks nothing else gets the plain answer that people cannot be looked
 * up; one that asks more is served with that said first.
 */
async function withoutPersonsFilms(req: ChatRequest, ctx: TurnContext, name: string) {
  const rest: ChatRequest = { ...req, query: { ...req.query, personOut: undefined } };
  const ids = await personFilms(name, ctx);
  if (ids) return serveFilms({ ...rest, seen: new Set([...req.seen, ...ids]) }, ctx);
  const own = req.alone ?? req.query;
  // Decision 0114: after a list, a message that asks for films ("anything not by him?") is served
  // the conversation's request; one that only rules the person out is told they cannot be.
  const asks = !!req.last && ASKS_FILMS.test(req.message.toLowerCase());
  if (!hasRequest({ ...own, personOut: undefined }) && !asks) return reply(rest, cannotLeaveOut(name));
  const served = await serveFilms(rest, ctx);
  if (!served.picks.length) return reply(rest, cannotLeaveOut(name));
  const note = `I can't look up people (this catalog has no cast or crew), so I couldn't leave out ${say.esc(name)}'s films; these are chosen for the rest of what you asked.`;
  return { ...served, message: `${note}\n\n${served.message}` };
}

const ASKS_FILMS = new RegExp(`\\b(?:${ASKS_FOR_FILMS.join('|')})\\b`);

export const cannotLeaveOut = (name: string) =>
  `I can't look up people: this catalog has no cast or crew, so I can't tell which films are ${say.esc(name)}'s to leave them out. Tell me what else would narrow it (a genre, a mood, a decade, a film you liked), and I'll suggest something.`;

/**
 * "films with Tom Hanks": that person's films are the pool the request is served from. Without
 * cast data the reply says plainly that people cannot be looked up, and shows no films: none
 * could be said to be that person's.
 */
export const personTurn: Turn = {
  kind: 'person',
  matches: (req) => !!req.query.person || !!req.query.personOut,
  async handle(req: ChatRequest, ctx: TurnContext) {
    if (!req.query.person) return withoutPersonsFilms(req, ctx, req.query.personOut!);
    const name = req.query.person;
    const ids = await personFilms(name, ctx);
    if (ids === undefined)
      return asksForMore(req)
        ? withoutPerson(req, ctx, name)
        : { ...reply(req, cannotLookUpPeople(name, req.query.lang)), remembered: true };
    if (!ids || ids.length === 0)
      return reply(req, `I couldn't find anyone called ${say.esc(name)}. Could you check the name?`);
    const pool = ids
      .map((id) => ctx.catalog.get(id))
      .filter((m): m is CatalogMovie => !!m)
      .sort((a, b) => b.vote_count - a.vote_count);
    return serveFilms(req, ctx, pool);
  },
};
