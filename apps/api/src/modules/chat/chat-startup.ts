import type { CatalogIndex } from '@app/catalog';
import { setImmediate as nextTask } from 'node:timers/promises';
import { LARGE_CATALOG_FILMS } from '../../lib/catalog-scale';
import { chatVectorsCached, type ChatEngine } from './chat-engine';

/**
 * Up to this many films the chat's own indexes are made before the server listens (under a second
 * of CPU at the offline catalog's 45k); past it, once listening, in slices (decision 0109: a
 * million films held the listen for seconds).
 */
const BEFORE_LISTEN_MAX = LARGE_CATALOG_FILMS;

/**
 * Messages the chat answers once at start, one of each kind of turn a visitor's first messages take
 * (a mood, a film liked, a limit, another language read, a kind and a tone), so that each path's code
 * is compiled before a visitor's: a first message of a kind not yet seen took 1.5-2× its later time.
 */
const WARM_UP = [
  'a funny movie for tonight',
  'films like Heat',
  'a thriller but nothing too violent',
  'un film drôle des années 90',
  'algo de terror sin sangre, por favor',
  'something cozy and a bit sad, no action',
];

/**
 * The chat made ready at start, so that the first message is answered as fast as the next ones
 * (decision 0079). Made on the first message instead, a fresh install's first answer waited for
 * the engine's indexes, its vectors' training and the first compile of its code: 10–44 s on a
 * busy machine, past the site's 10 s timeout ("Sorry, I'm having trouble connecting").
 *
 * - Before the server listens: the vectors only when DATA_DIR has none for this catalog (a first
 *   start, or a new catalog; a few seconds at 45k films), trained and cached there; past
 *   BEFORE_LISTEN_MAX films, trained once listening, in a child process (`trainApart`: minutes at a
 *   million, decision 0109).
 * - Once it listens: the indexes that grow with the catalog, in slices (the keywords, the exact
 *   titles, the text index, the catalog's title index), the vectors loaded from their file, then the
 *   engine's first fuzzy title search and one answer, each in a task of its own so that requests
 *   are served between them. On a catalog past BEFORE_LISTEN_MAX, a message that comes meanwhile
 *   is answered 503 at once (`warmingUp`); on a smaller one it builds what is still missing.
 */
export class ChatStartup {
  private engine: ChatEngine | undefined;
  private preparing: Promise<void> | null = null;
  private vectorsApart = false;
  /** Set when the catalog served at start is past the before-listen size; cleared once `prepare` ends. */
  private largeUnprepared = false;

  /**
   * True from a start on a catalog past the before-listen size until `prepare` has built what a
   * message needs (sliced, between requests): a message meanwhile would build it in one task.
   */
  get warmingUp(): boolean {
    return this.largeUnprepared;
  }

  /**
   * True while the vectors are trained in a child process (`prepare`'s `trainApart`), and after
   * that failed: the engine answers without them meanwhile (its `vectorsElsewhere` option).
   */
  get vectorsElsewhere(): boolean {
    return this.vectorsApart;
  }

  constructor(
    /** Makes an engine (for `catalog`: a new one, decision 0084; else the one served). */
    readonly make: (catalog?: CatalogIndex) => ChatEngine,
    private readonly log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
    /** Up to this many films, the chat's indexes and vectors are made before listening. */
    private readonly beforeListenMax = BEFORE_LISTEN_MAX,
  ) {}

  /** The engine (made now when nothing has made it yet). */
  get(): ChatEngine {
    return (this.engine ??= this.make());
  }

  /**
   * Before listening: the vectors trained and cached when `vectorsFile` has none for `catalog` (a
   * first start). Cached ones are loaded once listening (`prepare`): they grow with the catalog.
   */
  prepareIndexes(catalog: CatalogIndex, vectorsFile: string): void {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const train = !chatVectorsCached(catalog, vectorsFile);
    // A catalog past BEFORE_LISTEN_MAX films: its cached vectors are loaded once listening, with
    // the indexes that grow with it (decision 0109). A smaller one's take under a second before
    // the listen, and the first message then waits for none of them.
    const small = catalog.byId.size <= this.beforeListenMax;
    // A large catalog's vectors are trained once listening, apart (`prepare`'s `trainApart`).
    if (!small) {
      this.largeUnprepared = true;
      return;
    }
    try {
      const engine = this.get();
      engine.prepareIndexes();
      if (small) {
        void engine.keywordVocabulary; // the keyword index
        engine.buildExactTitles();
      }
    } catch (err) {
      // The server starts all the same; the first message makes what is missing.
      this.log.warn({ reason: (err as Error).message }, 'chat: preparing it at start failed');
      return;
    }
    const ms = Math.round(performance.now() - started);
    const cpuMs = Math.round(process.cpuUsage(cpu).user / 1000);
    this.log.info({ ms, cpuMs }, train ? 'chat indexes ready, its vectors trained' : 'chat indexes ready');
  }

  /**
   * A new catalog (a sync; decision 0084): `next`, the engine made for it, made ready as at start
   * but off the request path (its vectors trained apart by `trainApart` when none are cached for
   * it, then loaded; its indexes, the catalog's title index and a first title search, each in a
   * task of its own). The returned function makes it the engine that answers (at the swap).
   */
  async prepareNext(
    next: ChatEngine,
    vectorsFile: string,
    trainApart?: () => Promise<void>,
  ): Promise<() => void> {
    if (trainApart && !chatVectorsCached(next.catalog, vectorsFile)) await trainApart();
    await nextTask();
    next.semantic(); // the vectors, loaded from the file, in a task of their own
    await nextTask();
    next.prepareIndexes();
    await next.prepareKeywords();
    await next.prepareExactTitles();
    await next.prepareTextIndex();
    await next.catalog.buildSearchIndex();
    await nextTask();
    next.warm();
    await next.prepareRetrieval();
    return () => {
      this.engine = next;
    };
  }

  /**
   * Once listening: everything the first message would otherwise wait for (see the class). With
   * `trainApart`, vectors `vectorsFile` does not hold for the catalog are trained by it first (a
   * child process) instead of on this event loop.
   */
  prepare(opts: {
    answerOnce: boolean;
    vectorsFile?: string;
    trainApart?: () => Promise<void>;
  }): Promise<void> {
    this.preparing ??= (async () => {
      const started = performance.now();
      const steps: Record<string, number> = {};
      const timed = async (name: string, work: () => unknown) => {
        await nextTask(); // requests first
        const at = performance.now();
        await work();
        steps[name] = Math.round(performance.now() - at);
      };
      try {
        const engine = this.get();
        steps.engineMs = Math.round(performance.now() - started);
        const { vectorsFile, trainApart } = opts;
        if (trainApart && vectorsFile && !chatVectorsCached(engine.catalog, vectorsFile)) {
          this.vectorsApart = true;
          try {
            await timed('vectorsTrainedApartMs', trainApart);
            this.vectorsApart = false;
          } catch (err) {
            // Answered without them until the next start, rather than trained on this event loop.
            this.log.warn({ reason: (err as Error).message }, 'chat: its vectors could not be trained');
          }
        }
        await timed('keywordsMs', () => engine.prepareKeywords()); // in slices: grows with the catalog
        await timed('indexesMs', () => engine.prepareIndexes()); // the vectors (trained before listening if none)
        await timed('exactTitlesMs', () => engine.prepareExactTitles()); // in slices: grows with the catalog
        // The engine finds typed titles with the catalog's title index, which the server builds in
        // slices once it listens: completed at once by the first search, it held the event loop
        // for its whole build. Waited for instead (the same build; at once when complete).
        // Once listening, in slices: it grows with the catalog (1.7 s in one task at 180k films).
        await timed('textIndexMs', () => engine.prepareTextIndex());
        await timed('searchIndexWaitMs', () => engine.catalog.buildSearchIndex());
        await timed('titlesMs', () => engine.warm());
        // In tasks: what the first messages' ranking would make (decision 0149).
        await timed('retrievalMs', () => engine.prepareRetrieval());
        // Offline only: in live mode an answer asks TMDB about its picks.
        if (opts.answerOnce)
          await timed('answerMs', async () => {
            // Each in a task of its own: a visitor's message waits for one at most.
            for (const message of WARM_UP) {
              await engine.answer(message, { suggested: [], lastPicks: [], lastIntent: null });
              await nextTask();
            }
          });
        this.log.info({ ms: Math.round(performance.now() - started), ...steps }, 'chat ready');
      } catch (err) {
        // The first message makes what is missing, as it did before.
        this.log.warn({ reason: (err as Error).message }, 'chat: preparing it at start failed');
      } finally {
        this.largeUnprepared = false;
      }
    })();
    return this.preparing;
  }
}
