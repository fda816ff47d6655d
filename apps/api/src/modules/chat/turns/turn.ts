import type { CatalogIndex, CatalogMovie } from '@app/catalog';
import type { Franchises } from '../franchise';
import type { ChatRequest, EngineAnswer } from '../request';
import type { Retrieval, RetrieveInput } from '../retrieve';
import type { Query } from '../understand/query';
import type { JoinMode } from './merge';

/**
 * The catalog's people, when it has cast and crew (`packages/catalog/src/people-index.ts`):
 * lookup by name, typos allowed. Null offline, where the catalog has no cast.
 */
export interface PeopleIndex {
  findPeople(name: string): { id: number; name: string; films: number[] }[];
}

/** What a turn's handler may use: the catalog, retrieval and the conversation's tools. */
export interface TurnContext {
  catalog: CatalogIndex;
  retrieve(q: Query, input: RetrieveInput): Retrieval;
  /** The recommendation service's neighbours of a film (ranks 0..49), when it answers. */
  neighbours(seed: CatalogMovie): Promise<Map<number, number> | null>;
  franchises(): Franchises;
  /**
   * The merge of request states (turns/merge.ts `joinRequests`): a refinement or follow-up narrows
   * the last request ('narrow'); a new request carries its constraints unless it replaces them ('new').
   */
  merge(prev: Query, next: Query, mode?: JoinMode): Query;
  resolveTitle(text: string): { movie: CatalogMovie; confidence: number } | null;
  /** The catalog's people (cast data), made on first use; null when it has none. */
  people(): PeopleIndex | null;
  /** Live mode: a person's films on TMDB; absent offline. */
  moviesWithPerson?: (name: string) => Promise<number[] | null>;
  /** Live mode: whether TMDB knows a film (see ChatEngineOptions.liveCheck). */
  liveCheck?: (id: number) => Promise<boolean>;
  /** Live mode: a film's credits from TMDB (see ChatEngineOptions.filmCredits). */
  filmCredits?: (id: number) => Promise<FilmCredits | null>;
}

/** A film's people as a question about them is answered: the catalog's fields, or TMDB's. */
export type FilmCredits = Pick<CatalogMovie, 'cast' | 'directors' | 'writers'>;

export type TurnKind =
  | 'about-shown'
  | 'franchise'
  | 'people-question'
  | 'off-topic'
  | 'greeting'
  | 'follow-up'
  | 'refinement'
  | 'new-request'
  | 'not-in-catalog'
  | 'unclear'
  | 'person'
  | 'films';

/** One kind of turn: when it applies, and how it is answered. */
export interface Turn {
  kind: TurnKind;
  matches(req: ChatRequest, ctx: TurnContext): boolean;
  handle(req: ChatRequest, ctx: TurnContext): EngineAnswer | Promise<EngineAnswer>;
}

/** The first turn of `table` that applies (the last entry of each table always does). */
export function decide(table: readonly Turn[], req: ChatRequest, ctx: TurnContext): Turn | null {
  return table.find((t) => t.matches(req, ctx)) ?? null;
}

/** The film a conversation's last request was "like", if the catalog still holds it. */
export const lastSeed = (req: ChatRequest, ctx: TurnContext): CatalogMovie | null =>
  req.state.lastSeed ? (ctx.catalog.get(req.state.lastSeed) ?? null) : null;
