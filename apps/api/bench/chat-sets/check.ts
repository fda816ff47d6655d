/**
 * The checker for the independent evaluator's request sets (dev.json, heldout.json). Their
 * expectations are read as written and never edited; every field is one expectation per turn, met
 * when every pick satisfies it. The wording checks use fixed marker lists (wording.ts), the same
 * for every case: nothing here can be tuned per request.
 */
import { GENRE_NAMES, type CatalogMovie } from '@app/catalog';
import { readFileSync } from 'node:fs';
import type { ChatEngine } from '../../src/modules/chat/chat-engine';
import { ChatService } from '../../src/modules/chat/chat.service';
import { NOT_IN_CATALOG, NOT_IN_CATALOG_MARKERS, SAID_SO_MARKERS } from '../../src/modules/chat/wording';
import { NO_PEOPLE_MARKERS } from '../../src/modules/chat/reply-language';

export interface Expect {
  kind?: 'recommend' | 'redirect' | 'not_in_catalog';
  min_picks?: number;
  genres_all?: string[];
  genres_any?: string[];
  genres_none?: string[];
  year_min?: number;
  year_max?: number;
  runtime_min?: number;
  runtime_max?: number;
  min_vote_average?: number;
  original_language?: string;
  keywords_none?: string[];
  keywords_any?: string[];
  similar_to_tmdb_id?: number;
  exclude_tmdb_ids?: number[];
  not_in_catalog_title?: string;
  no_repeats?: boolean;
  /** A request about a person (actor, director): see checkTurn. */
  people_request?: boolean;
  /**
   * A question about the films just shown ("which of these is the scariest?", "is the second one
   * ok for kids?"): met when the reply names one of the films the turn before showed and brings no
   * other film.
   */
  from_shown?: boolean;
  /**
   * The films a film lover would name first (TMDB ids), written before any reply was seen: met when
   * at least one of them is in the reply's list. Reported as its own figure ("obvious pick
   * present"), not among the expectations met.
   */
  obvious_picks?: number[];
  note?: string;
}

export interface Case {
  id: string;
  category: string;
  /** Who wrote the case, when not the independent evaluator ("w14 (engine author)"). */
  author?: string;
  turns: { user: string; expect: Expect }[];
}

export interface SetReport {
  set: string;
  source: string;
  turns: number;
  expectations: number;
  met: number;
  turns_fully_met: number;
  links: number;
  grounded: number;
  understood_or_said_so: number;
  p50_ms?: number;
  p95_ms: number;
  /** p95 of the CPU time the process spent per turn (less sensitive to a busy machine than wall time). */
  p95_cpu_ms?: number;
  /** Turns with `obvious_picks`, and those whose list held at least one of them. */
  obvious?: { turns: number; present: number; named: number };
  failures: string[];
}

const GENRE_IDS = new Map([...GENRE_NAMES].map(([id, name]) => [name.toLowerCase(), id]));
const genreId = (name: string) => {
  const id = GENRE_IDS.get(name.toLowerCase());
  if (id === undefined) throw new Error(`Unknown genre in the set: ${name}`);
  return id;
};
const year = (m: CatalogMovie) => Number(m.release_date?.slice(0, 4));
const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, "'");

/** A title as said, its punctuation between words aside ("Top Gun Maverick" says "Top Gun: Maverick"). */
const foldTitle = (s: string) =>
  fold(s)
    .replace(/[:;,.!?–—-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Whether a reply's list holds one of the turn's obvious picks (undefined: the turn names none). */
export function obviousPickPresent(e: Expect, picks: readonly CatalogMovie[]): boolean | undefined {
  if (!e.obvious_picks?.length) return undefined;
  return picks.some((m) => e.obvious_picks!.includes(m.id));
}

/**
 * What kind of reply the turn expects, as one expectation. A request about an actor or director:
 * offline (no cast or crew) the reply says people cannot be looked up and shows no films, none of
 * which could be said to be theirs.
 */
function kindCheck(
  e: Expect,
  { picks, message }: { message: string; picks: CatalogMovie[] },
  previous: ReadonlySet<number> | undefined,
): [string, boolean] {
  if (e.people_request)
    return [
      'says people cannot be looked up, no films',
      picks.length === 0 && NO_PEOPLE_MARKERS.some((m) => message.toLowerCase().includes(m.toLowerCase())),
    ];
  if (e.from_shown)
    return [
      'answered from the films shown',
      picks.every((m) => previous?.has(m.id) ?? false) &&
        [...message.matchAll(/\]\(\/movie\/(\d+)\)/g)].some(([, id]) => previous?.has(Number(id))),
    ];
  const kind = e.kind ?? 'recommend';
  if (kind === 'redirect') return ['redirect without movies', picks.length === 0];
  if (kind === 'not_in_catalog') {
    const title = e.not_in_catalog_title ?? '';
    return [
      `says "${title}" ${NOT_IN_CATALOG}`,
      NOT_IN_CATALOG_MARKERS.some((m) => fold(message).includes(fold(m))) &&
        foldTitle(message).includes(foldTitle(title)),
    ];
  }
  const min = e.min_picks ?? 3;
  return [`at least ${min} picks`, picks.length >= min];
}

/** Each expectation of one turn: [name, met]. */
export function checkTurn(
  e: Expect,
  reply: { message: string; picks: CatalogMovie[] },
  ctx: {
    earlier: Set<number>;
    catalog: { get(id: number): CatalogMovie | undefined };
    /** The films the turn before showed (for `from_shown`). */
    previous?: ReadonlySet<number>;
  },
): [string, boolean][] {
  const { picks } = reply;
  const out: [string, boolean][] = [];
  const every = (name: string, test: (m: CatalogMovie) => boolean) =>
    out.push([name, picks.length > 0 && picks.every(test)]);
  out.push(kindCheck(e, reply, ctx.previous));
  if (e.genres_all)
    every(`genres all ${e.genres_all}`, (m) => e.genres_all!.every((g) => m.genre_ids.includes(genreId(g))));
  if (e.genres_any)
    every(`genres any ${e.genres_any}`, (m) => e.genres_any!.some((g) => m.genre_ids.includes(genreId(g))));
  if (e.genres_none)
    every(
      `genres none ${e.genres_none}`,
      (m) => !e.genres_none!.some((g) => m.genre_ids.includes(genreId(g))),
    );
  if (e.year_min !== undefined) every(`year >= ${e.year_min}`, (m) => year(m) >= e.year_min!);
  if (e.year_max !== undefined) every(`year <= ${e.year_max}`, (m) => year(m) <= e.year_max!);
  if (e.runtime_min !== undefined)
    every(`runtime >= ${e.runtime_min}`, (m) => (m.runtime ?? 0) >= e.runtime_min!);
  if (e.runtime_max !== undefined)
    every(`runtime <= ${e.runtime_max}`, (m) => !!m.runtime && m.runtime <= e.runtime_max!);
  if (e.min_vote_average !== undefined)
    every(`rating >= ${e.min_vote_average}`, (m) => m.vote_average >= e.min_vote_average!);
  if (e.original_language)
    every(`language ${e.original_language}`, (m) => m.original_language === e.original_language);
  if (e.keywords_none)
    every(`keywords none ${e.keywords_none}`, (m) => !e.keywords_none!.some((k) => m.keywords.includes(k)));
  if (e.keywords_any)
    every(`keywords any ${e.keywords_any}`, (m) => e.keywords_any!.some((k) => m.keywords.includes(k)));
  if (e.similar_to_tmdb_id !== undefined) {
    const seed = ctx.catalog.get(e.similar_to_tmdb_id);
    every(
      `similar to ${e.similar_to_tmdb_id}`,
      (m) => !!seed && m.id !== seed.id && m.genre_ids.some((g) => seed.genre_ids.includes(g)),
    );
  }
  if (e.exclude_tmdb_ids) every(`excludes ${e.exclude_tmdb_ids}`, (m) => !e.exclude_tmdb_ids!.includes(m.id));
  if (e.no_repeats) every('no repeats', (m) => !ctx.earlier.has(m.id));
  return out;
}

/** The reply's links, and those that name a catalog film by its real title. */
function countLinks(
  message: string,
  catalog: { get(id: number): CatalogMovie | undefined },
  report: { links: number; grounded: number },
) {
  // A link starts at an unescaped `[` (an overview may quote an escaped "\[REC\]").
  for (const [, title, id] of message.matchAll(/(?<!\\)\[((?:\\.|[^\]\\])+)\]\(\/movie\/(\d+)\)/g)) {
    report.links++;
    const m = catalog.get(Number(id));
    if (m && m.title.replace(/([\\[\]*_`])/g, '\\$1') === title) report.grounded++;
  }
}

/** One chat turn as `POST /api/chat/send` answers it. */
export type SendTurn = (
  message: string,
  conversationId: string | undefined,
) => Promise<{ message: string; conversation_id: string; movies: { id: number }[] }>;

/**
 * Runs one set through the chat service (offline engine, in-memory conversations), or through
 * `send` (a running site over HTTP: then the time per turn is a visitor's, and no CPU time is
 * measured here).
 */
export async function runSet(
  name: string,
  file: string,
  engine: ChatEngine,
  /** When given, every turn and reply is appended (for reading the replies as a person would). */
  transcript?: string[],
  send?: SendTurn,
): Promise<SetReport> {
  const cases = JSON.parse(readFileSync(file, 'utf8')) as Case[];
  const service = new ChatService(engine, null, { warn() {} });
  const sendTurn: SendTurn = send ?? ((message, id) => service.send(message, id, null));
  const report: SetReport = {
    set: name,
    source: `${cases[0]?.author ?? 'independent evaluator'}, ${file.split('/').slice(-2).join('/')}`,
    turns: 0,
    expectations: 0,
    met: 0,
    turns_fully_met: 0,
    links: 0,
    grounded: 0,
    understood_or_said_so: 0,
    p95_ms: 0,
    failures: [],
  };
  const latencies: number[] = [];
  const cpu: number[] = [];
  for (const c of cases) {
    let conversation: string | undefined;
    const earlier = new Set<number>();
    let previous = new Set<number>();
    for (const turn of c.turns) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const reply = await sendTurn(turn.user, conversation);
      const c1 = process.cpuUsage(c0);
      latencies.push(performance.now() - t0);
      cpu.push((c1.user + c1.system) / 1000);
      conversation = reply.conversation_id;
      // Over HTTP, each turn's time too (to find the slow ones a visitor meets).
      const took = send ? ` (${Math.round(latencies.at(-1)!)} ms)` : '';
      transcript?.push(`[${name} ${c.id}]${took} > ${turn.user}\n${reply.message}\n`);
      const picks = reply.movies.map((m) => engine.catalog.get(m.id)!).filter(Boolean);
      countLinks(reply.message, engine.catalog, report);
      const results = checkTurn(
        turn.expect,
        { message: reply.message, picks },
        { earlier, catalog: engine.catalog, previous },
      );
      report.turns++;
      report.expectations += results.length;
      const failed = results.filter(([, ok]) => !ok);
      report.met += results.length - failed.length;
      if (failed.length === 0) report.turns_fully_met++;
      if (failed.length === 0 || SAID_SO_MARKERS.some((mk) => reply.message.includes(mk)))
        report.understood_or_said_so++;
      for (const [what] of failed)
        report.failures.push(
          `${c.id} "${turn.user}": ${what} — got ${picks.map((m) => `${m.title} (${m.id})`).join(', ') || 'no picks'}`,
        );
      const obvious = obviousPickPresent(turn.expect, picks);
      if (obvious !== undefined) {
        report.obvious ??= { turns: 0, present: 0, named: 0 };
        report.obvious.turns++;
        report.obvious.named += picks.filter((m) => turn.expect.obvious_picks!.includes(m.id)).length;
        if (obvious) report.obvious.present++;
        else
          report.failures.push(
            `${c.id} "${turn.user}": (obvious pick absent) — got ${picks.map((m) => `${m.title} (${m.id})`).join(', ') || 'no picks'}`,
          );
      }
      for (const m of picks) earlier.add(m.id);
      // An answer about the films shown keeps them the conversation's shown films.
      if (!turn.expect.from_shown || picks.length) previous = new Set(picks.map((m) => m.id));
    }
  }
  latencies.sort((a, b) => a - b);
  report.p50_ms = Math.round(latencies[Math.floor(latencies.length * 0.5)] ?? 0);
  report.p95_ms = Math.round(latencies[Math.floor(latencies.length * 0.95)] ?? 0);
  cpu.sort((a, b) => a - b);
  if (!send) report.p95_cpu_ms = Math.round(cpu[Math.floor(cpu.length * 0.95)] ?? 0);
  return report;
}
