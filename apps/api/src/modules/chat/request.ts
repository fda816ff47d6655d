import type { CatalogMovie } from '@app/catalog';
import type { Query } from './understand/query';

/** What a conversation remembers between messages (kept small: it may live in Redis). */
export interface ConversationState {
  suggested: number[];
  lastPicks: number[];
  /** The last request that produced picks, without its named title (see lastSeed). */
  lastIntent: Query | null;
  /** The film that request was "like", by id. */
  lastSeed?: number | null;
  /**
   * The film the last reply offered in place of a title the catalog lacks ("The closest title I
   * have is Blade Runner"), by id, while no other reply came after it: "the original one then?"
   * asks for it.
   */
  offered?: number | null;
  /**
   * The last request showed no films but goes on (`EngineAnswer.remembered`: a person, offline):
   * only a message that merely narrows it joins it (decision 0157).
   */
  lastRemembered?: boolean;
}

/**
 * One turn as the pipeline sees it: the message read into a `Query` (understand), with what the
 * conversation knows. The decide stage picks a handler for it (`turns/`); a handler that joins it
 * with the last request (a follow-up, a refinement) passes on a new ChatRequest, never edits one.
 */
export interface ChatRequest {
  message: string;
  /** What the message asks for; once joined with the conversation, what the turn asks for. */
  query: Query;
  /** The film the request is "like" (named, followed or carried over), if any. */
  seed: CatalogMovie | null;
  /** The conversation's last request that produced picks. */
  last: Query | null;
  state: ConversationState;
  /** The signed-in user's seen films: never offered, like the films already suggested. */
  seen: ReadonlySet<number>;
  /**
   * Well-known films the message names by their whole title ("my kids love toy story, what else?"):
   * what the person has seen or loved, never offered back as a new film.
   */
  named?: ReadonlySet<number>;
  /**
   * The message's own request when it was taken as narrowing the last one: answered on its own
   * when nothing fits both ("a documentary about music" → "French films from the 60s").
   */
  alone?: Query | null;
}

export interface Pick {
  movie: CatalogMovie;
  reason: string;
}

export interface EngineAnswer {
  message: string;
  picks: Pick[];
  intent: Query;
  seed: CatalogMovie | null;
  /**
   * A film offered in place of a title the catalog lacks ("The closest title I have is Blade
   * Runner"): what "something like that then" is like, as if it had been shown.
   */
  offered?: CatalogMovie;
  /**
   * Decision 0157: the request goes on although no films were shown ("leonardo dicaprio films",
   * offline: people cannot be looked up): "only the ones from before 2005", "any of his that are
   * shorter?" narrow it, and are answered as it was, never with films that are not the person's.
   */
  remembered?: boolean;
}

/** A film this well known (votes) named by its whole title in a message is not offered back to it. */
export const NAMED_MIN_VOTES = 300;

/** The reply to a request: its text and picks, with the request's query and film remembered. */
export const reply = (req: ChatRequest, message: string, picks: Pick[] = []): EngineAnswer => ({
  message,
  picks,
  intent: req.query,
  seed: req.seed,
});

/** Films the turn must not offer: those already suggested, those the user has seen and those the message names. */
export const excluded = (req: ChatRequest): Set<number> =>
  new Set([...req.state.suggested, ...req.seen, ...(req.named ?? [])]);

/** The conversation's films by id (those the catalog still holds). */
export const lastPicks = (req: ChatRequest, get: (id: number) => CatalogMovie | undefined): CatalogMovie[] =>
  req.state.lastPicks.map(get).filter((m): m is CatalogMovie => !!m);
