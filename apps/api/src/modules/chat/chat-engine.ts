import { GENRE_NAMES, type CatalogIndex, type CatalogMovie } from '@app/catalog';
import type { RecommenderClient } from '../../integrations/recommender/recommender-client';
import { parseIntent, type Intent } from './intent';

export interface ChatMovie {
  id: number;
  title: string;
  release_date: string;
  vote_average: number;
  poster_path: string | null;
}

export interface Pick {
  movie: CatalogMovie;
  reason: string;
}

export interface ConversationState {
  suggested: number[];
  lastPicks: number[];
  lastIntent: Intent | null;
}

export interface EngineAnswer {
  message: string;
  picks: Pick[];
  intent: Intent;
}

const KEYWORD_STOPLIST = new Set([
  'love',
  'family',
  'friendship',
  'friends',
  'death',
  'sex',
  'woman director',
  'independent film',
  'duringcreditsstinger',
  'aftercreditsstinger',
  'based on novel',
  'biography',
  'sequel',
  'remake',
  'musical',
  'film',
  'movie',
  'night',
  'day',
  'time',
  'life',
  'money',
  'music',
  'police',
  'murder',
  'revenge',
  'new york',
  'suspense',
  'comedy',
  'drama',
  'romance',
  'horror',
  'thriller',
  'war',
  'action',
  'mystery',
  'history',
  'animation',
  'fantasy',
  'crime',
  'kids',
  'children',
  'show',
  'classic',
]);

export const CLARIFY =
  'I\'d love to help you find something! What are you in the mood for: something funny, scary, romantic, thrilling or mind-bending? You can also name a movie you liked ("like Interstellar"), a genre, a decade ("80s") or a length ("under 2 hours").';

const year = (m: CatalogMovie) => (m.release_date ? Number(m.release_date.slice(0, 4)) : NaN);

/** Quality for ranking: the vote average shrunk towards 6.2 when few people voted. */
export function bayesianRating(m: CatalogMovie, prior = 6.2, weight = 300): number {
  return (m.vote_count * m.vote_average + weight * prior) / (m.vote_count + weight);
}

export function toChatMovie(m: CatalogMovie): ChatMovie {
  return {
    id: m.id,
    title: m.title,
    release_date: m.release_date ?? '',
    vote_average: m.vote_average,
    poster_path: m.poster_path,
  };
}

const esc = (s: string) => s.replace(/([\\[\]*_`])/g, '\\$1');

/** One line per pick: a link to the movie page, year, rating, and the reason. */
export function renderPicks(intro: string, picks: Pick[], outro: string): string {
  const lines = picks.map((p, i) => {
    const y = p.movie.release_date ? ` (${p.movie.release_date.slice(0, 4)})` : '';
    return `${i + 1}. **[${esc(p.movie.title)}](/movie/${p.movie.id})**${y} · ★ ${p.movie.vote_average.toFixed(1)} — ${esc(p.reason)}`;
  });
  return `${intro}\n\n${lines.join('\n')}\n\n${outro}`;
}

/**
 * The offline chat engine: understands moods, genres, years, runtime, negation, "like <title>",
 * catalog keywords and follow-ups; retrieves from the catalog; ranks by fit, then quality; never
 * repeats a movie within a conversation.
 */
export class ChatEngine {
  readonly keywordVocabulary: Set<string>;
  private readonly byKeyword = new Map<string, Set<number>>();
  readonly referenceYear: number;

  constructor(
    readonly catalog: CatalogIndex,
    private readonly recommender: RecommenderClient | null,
    /** Live mode: movie ids of a named person (TMDB); absent offline, where the catalog has no cast. */
    private readonly moviesWithPerson?: (name: string) => Promise<number[] | null>,
  ) {
    this.referenceYear = Number(catalog.referenceDate.slice(0, 4));
    const df = new Map<string, number>();
    for (const m of catalog.popular) {
      if (m.vote_count < 20) continue;
      for (const k of m.keywords) {
        df.set(k, (df.get(k) ?? 0) + 1);
        let set = this.byKeyword.get(k);
        if (!set) this.byKeyword.set(k, (set = new Set()));
        set.add(m.id);
      }
    }
    this.keywordVocabulary = new Set(
      [...df].filter(([k, n]) => n >= 8 && !KEYWORD_STOPLIST.has(k)).map(([k]) => k),
    );
  }

  parse(message: string): Intent {
    return parseIntent(message, {
      referenceYear: this.referenceYear,
      keywordVocabulary: this.keywordVocabulary,
    });
  }

  /** Resolves a title typed by a user to a catalog movie, or null when nothing is close. */
  findTitle(text: string): CatalogMovie | null {
    const hits = this.catalog.searchTitles(text).slice(0, 10);
    if (hits.length === 0) return null;
    const norm = (s: string) =>
      s
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim();
    const exact = hits.filter((m) => norm(m.title) === norm(text));
    if (exact.length) return exact.sort((a, b) => b.vote_count - a.vote_count)[0]!;
    return hits[0]!;
  }

  async answer(message: string, state: ConversationState): Promise<EngineAnswer> {
    let intent = this.parse(message);
    let seed: CatalogMovie | null = null;

    // Follow-ups work on the conversation's last request.
    if (intent.followUp && state.lastIntent) {
      const last = state.lastIntent;
      const lastYears = state.lastPicks
        .map((id) => year(this.catalog.get(id)!))
        .filter(Number.isFinite)
        .sort((a, b) => a - b);
      const median = lastYears[Math.floor(lastYears.length / 2)];
      if (typeof intent.followUp === 'object') {
        const n = intent.followUp.likeOrdinal;
        const id = n === -1 ? state.lastPicks.at(-1) : state.lastPicks[n - 1];
        seed = id ? (this.catalog.get(id) ?? null) : null;
        intent = {
          ...last,
          likeTitle: seed?.title,
          genreGroups: [],
          genres: [],
          keywords: [],
          moodKeywords: [],
          moods: [],
          followUp: intent.followUp,
          empty: false,
        };
      } else if (intent.followUp === 'newer' && median !== undefined) {
        intent = { ...last, yearFrom: median + 1, yearTo: undefined, followUp: 'newer', empty: false };
      } else if (intent.followUp === 'older' && median !== undefined) {
        intent = { ...last, yearTo: median - 1, yearFrom: undefined, followUp: 'older', empty: false };
      } else {
        intent = { ...last, ...this.refinements(intent), followUp: 'another', empty: false };
      }
    } else if (!intent.empty && state.lastIntent && this.isRefinement(intent)) {
      // "from the 90s", "but no horror", "under 2 hours": narrow the last request.
      intent = this.merge(state.lastIntent, intent);
    }
    if (intent.empty || (intent.followUp && !state.lastIntent)) {
      return { message: CLARIFY, picks: [], intent };
    }

    if (!seed && intent.likeTitle) seed = this.findTitle(intent.likeTitle);
    if (intent.likeTitle && !seed) {
      return {
        message: `I couldn't find "${intent.likeTitle}" in the catalog. Could you check the title, or tell me what you liked about it (the genre, the mood, the era)?`,
        picks: [],
        intent,
      };
    }
    let similar = seed ? await this.similarTo(seed) : null;
    if (intent.person) {
      const ids = this.moviesWithPerson
        ? await this.moviesWithPerson(intent.person).catch(() => null)
        : undefined;
      if (ids === undefined) {
        return {
          message: `I can't look up people in the offline catalog (it has no cast), so I can't find films with ${intent.person}. Try a genre, a mood, or a movie you liked, or run the site with a TMDB key.`,
          picks: [],
          intent,
        };
      }
      if (!ids || ids.length === 0) {
        return {
          message: `I couldn't find anyone called ${intent.person}. Could you check the name?`,
          picks: [],
          intent,
        };
      }
      // The person's films, best known first, become the pool (intersected with a 'like' request).
      const ranked = ids
        .map((id) => this.catalog.get(id))
        .filter((m): m is CatalogMovie => !!m && (!similar || similar.has(m.id)))
        .sort((a, b) => b.vote_count - a.vote_count);
      similar = new Map(ranked.map((m, i) => [m.id, i]));
    }
    const picks = this.retrieve(intent, new Set(state.suggested), similar, seed);
    if (picks.length === 0 && intent.person) {
      return {
        message: `I couldn't find more films with ${intent.person} that fit. Want to loosen a condition?`,
        picks,
        intent,
      };
    }
    if (picks.length === 0) {
      return {
        message:
          "I couldn't find anything new that fits all of that. Could you loosen one of the conditions (a wider range of years, another genre), or try a different mood?",
        picks,
        intent,
      };
    }
    return {
      message: renderPicks(this.intro(intent, seed, picks.length), picks, this.outro(intent)),
      picks,
      intent,
    };
  }

  private isRefinement(i: Intent): boolean {
    return !i.likeTitle && i.moods.length === 0 && i.genreGroups.length === 0 && i.keywords.length === 0;
  }

  private refinements(i: Intent): Partial<Intent> {
    const out: Partial<Intent> = {};
    if (i.yearFrom !== undefined) out.yearFrom = i.yearFrom;
    if (i.yearTo !== undefined) out.yearTo = i.yearTo;
    if (i.runtimeMax !== undefined) out.runtimeMax = i.runtimeMax;
    if (i.runtimeMin !== undefined) out.runtimeMin = i.runtimeMin;
    return out;
  }

  private merge(last: Intent, next: Intent): Intent {
    const exclude = [...new Set([...last.excludeGenres, ...next.excludeGenres])];
    return {
      ...last,
      ...this.refinements(next),
      excludeGenres: exclude,
      genreGroups: last.genreGroups.map((g) => g.filter((x) => !exclude.includes(x))).filter((g) => g.length),
      genres: last.genres.filter((g) => !exclude.includes(g)),
      followUp: undefined,
      empty: false,
    };
  }

  /** Neighbours from the recommendation service; if it is down, films sharing the seed's genres and keywords. */
  private async similarTo(seed: CatalogMovie): Promise<Map<number, number>> {
    const ranks = new Map<number, number>();
    if (this.recommender) {
      try {
        const recs = await this.recommender.recommend(seed.id, 50);
        recs.forEach((r, i) => ranks.set(r.tmdbId, i));
        if (ranks.size) return ranks;
      } catch {
        /* fall back to the catalog below */
      }
    }
    const kw = new Set(seed.keywords);
    const scored = this.catalog.popular
      .filter(
        (m) => m.id !== seed.id && m.vote_count >= 50 && m.genre_ids.some((g) => seed.genre_ids.includes(g)),
      )
      .map((m) => ({
        m,
        s:
          m.genre_ids.filter((g) => seed.genre_ids.includes(g)).length +
          2 * m.keywords.filter((k) => kw.has(k)).length,
      }))
      .sort((a, b) => b.s - a.s || b.m.vote_count - a.m.vote_count)
      .slice(0, 50);
    scored.forEach((x, i) => ranks.set(x.m.id, i));
    return ranks;
  }

  private retrieve(
    intent: Intent,
    exclude: Set<number>,
    similar: Map<number, number> | null,
    seed: CatalogMovie | null,
  ): Pick[] {
    const userKeywords = intent.keywords.filter((k) => this.keywordVocabulary.has(k));
    const moodKeywords = intent.moodKeywords.filter((k) => !userKeywords.includes(k));
    const attempts = [
      { minVotes: 100, keywordsRequired: true },
      { minVotes: 20, keywordsRequired: true },
      { minVotes: 20, keywordsRequired: false },
    ];
    for (const { minVotes, keywordsRequired } of attempts) {
      const pool = similar
        ? [...similar.keys()].map((id) => this.catalog.get(id)).filter((m): m is CatalogMovie => !!m)
        : this.catalog.popular;
      const scored: { m: CatalogMovie; fit: number; matched: string[] }[] = [];
      for (const m of pool) {
        if (exclude.has(m.id) || (seed && m.id === seed.id)) continue;
        if (m.vote_count < (similar ? 10 : minVotes)) continue;
        const y = year(m);
        if (intent.yearFrom !== undefined && !(y >= intent.yearFrom)) continue;
        if (intent.yearTo !== undefined && !(y <= intent.yearTo)) continue;
        if (intent.runtimeMax !== undefined && !(m.runtime && m.runtime <= intent.runtimeMax)) continue;
        if (intent.runtimeMin !== undefined && !(m.runtime && m.runtime >= intent.runtimeMin)) continue;
        if (m.genre_ids.some((g) => intent.excludeGenres.includes(g))) continue;
        if (!intent.genreGroups.every((grp) => grp.some((g) => m.genre_ids.includes(g)))) continue;
        const explicit = userKeywords.filter((k) => this.byKeyword.get(k)?.has(m.id));
        const moodMatched = moodKeywords.filter((k) => this.byKeyword.get(k)?.has(m.id));
        if (keywordsRequired && userKeywords.length && explicit.length === 0) continue;
        const matched = [...explicit, ...moodMatched];
        let fit = 2 * explicit.length + moodMatched.length;
        if (similar) fit += 3 * (1 - (similar.get(m.id) ?? 50) / 50);
        scored.push({ m, fit, matched });
      }
      if (scored.length < 3 && (minVotes > 20 || keywordsRequired)) continue;
      scored.sort(
        (a, b) =>
          b.fit * 3 + bayesianRating(b.m) - (a.fit * 3 + bayesianRating(a.m)) ||
          b.m.vote_count - a.m.vote_count,
      );
      return scored
        .slice(0, 5)
        .map(({ m, matched }) => ({ movie: m, reason: this.reason(m, matched, seed) }));
    }
    return [];
  }

  private reason(m: CatalogMovie, matched: string[], seed: CatalogMovie | null, personName?: string): string {
    const snippetSource = m.tagline || m.overview.split(/(?<=[.!?])\s/)[0] || '';
    const snippet = snippetSource.length > 110 ? `${snippetSource.slice(0, 107).trimEnd()}…` : snippetSource;
    const genres = m.genre_ids
      .slice(0, 2)
      .map((g) => GENRE_NAMES.get(g))
      .filter(Boolean)
      .join(', ');
    let why = '';
    if (personName) {
      why = `With ${personName}`;
    } else if (seed) {
      const shared = m.keywords.filter((k) => seed.keywords.includes(k)).slice(0, 2);
      why = shared.length
        ? `Like ${seed.title}, it has ${shared.join(' and ')}`
        : `For fans of ${seed.title}`;
    } else if (matched.length) {
      why = `Tagged ${matched.slice(0, 2).join(' and ')}`;
    } else if (genres) {
      why = genres;
    }
    // Two sentences: why it was picked, then the film's own tagline or first line.
    return [why, snippet]
      .filter(Boolean)
      .map((x) => (/[.!?…"”]$/.test(x) ? x : `${x}.`))
      .join(' ');
  }

  private intro(intent: Intent, seed: CatalogMovie | null, n: number): string {
    const mood = intent.moods.filter((x) => x !== 'classic')[0];
    const parts: string[] = [];
    if (intent.followUp === 'newer') parts.push('Here are some more recent ones');
    else if (intent.followUp === 'older') parts.push('Here are some older ones');
    else if (intent.followUp === 'another') parts.push(`Here ${n === 1 ? 'is one more' : `are ${n} more`}`);
    else if (intent.person && !seed) parts.push(`Here are some films with ${esc(intent.person)}`);
    else if (seed) parts.push(`If you liked **${esc(seed.title)}**, try these`);
    else if (mood) parts.push(`Here are some ${mood} picks`);
    else if (intent.genres.length)
      parts.push(
        `Here are some ${intent.genres
          .map((g) => GENRE_NAMES.get(g))
          .join(' / ')
          .toLowerCase()} picks`,
      );
    else parts.push('Here are some picks');
    if (intent.yearFrom !== undefined && intent.yearTo !== undefined && intent.yearTo - intent.yearFrom === 9)
      parts.push(`from the ${intent.yearFrom}s`);
    else if (intent.yearFrom !== undefined && intent.yearFrom === intent.yearTo)
      parts.push(`from ${intent.yearFrom}`);
    else if (intent.yearFrom !== undefined && intent.followUp !== 'newer')
      parts.push(`from ${intent.yearFrom} on`);
    else if (intent.yearTo !== undefined && intent.followUp !== 'older') parts.push(`up to ${intent.yearTo}`);
    if (intent.runtimeMax) parts.push(`under ${intent.runtimeMax} minutes`);
    if (intent.excludeGenres.length && !intent.followUp)
      parts.push(
        `with no ${intent.excludeGenres.map((g) => GENRE_NAMES.get(g)!.toLowerCase()).join(' or ')}`,
      );
    return `${parts.join(' ')}:`;
  }

  private outro(intent: Intent): string {
    return intent.followUp
      ? 'Say "another" for more, "something more recent", or "more like the second one".'
      : 'Want more? Ask for "another", "something more recent", or "more like the first one".';
  }
}
