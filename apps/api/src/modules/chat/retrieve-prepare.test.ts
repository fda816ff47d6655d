import { describe, expect, it } from 'vitest';
import { fullCatalog } from '../../../test/helpers/catalog';
import { Retriever } from './retrieve';
import { emptyQuery } from './understand/query';

/**
 * Decision 0149: what a freshly started site's first messages made on first use is made once
 * listening (`Retriever.prepare`), and a theme ruled out finds the keywords that mostly come with
 * it from its own films' keywords rather than from every keyword's films.
 */
async function retrieverOverTheCatalog() {
  const catalog = await fullCatalog();
  const byKeyword = new Map<string, Set<number>>();
  for (const m of catalog.popular) {
    if (m.vote_count < 20) continue;
    for (const k of m.keywords) {
      const ids = byKeyword.get(k) ?? new Set<number>();
      ids.add(m.id);
      byKeyword.set(k, ids);
    }
  }
  return { catalog, byKeyword, retriever: new Retriever(catalog, byKeyword, () => null, false) };
}

/** The rule as stated: every keyword of 4+ films half or more of which carry the theme, in index order. */
function mostlyWithByDefinition(byKeyword: Map<string, Set<number>>, t: string): string[] {
  const films = byKeyword.get(t);
  if (!films || films.size < 3) return [];
  return [...byKeyword]
    .filter(
      ([k, ids]) =>
        k !== t && ids.size >= 4 && [...ids].filter((id) => films.has(id)).length / ids.size >= 0.5,
    )
    .map(([k]) => k);
}

describe('a theme ruled out', () => {
  it('finds the keywords that mostly come with it exactly as the rule states, in the index order', async () => {
    const { byKeyword, retriever } = await retrieverOverTheCatalog();
    const own = retriever as unknown as { mostlyWith(t: string): string[] };
    let nonEmpty = 0;
    for (const t of ['superhero', 'gore', 'zombie', 'vampire', 'world war ii', 'dog', 'heist', 'slasher']) {
      const fast = own.mostlyWith(t);
      expect(fast, t).toEqual(mostlyWithByDefinition(byKeyword, t));
      if (fast.length) nonEmpty++;
    }
    // The comparison means something: most of these themes have such companions.
    expect(nonEmpty).toBeGreaterThanOrEqual(5);
    expect(own.mostlyWith('superhero')).toContain('dc comics');
  });
});

describe('Retriever.prepare', () => {
  it('makes the ranking tables once, and answers exactly as a retriever that made them on first use', async () => {
    const { catalog, byKeyword, retriever: cold } = await retrieverOverTheCatalog();
    const warm = new Retriever(catalog, byKeyword, () => null, false);
    await warm.prepare();
    const prepared = warm as unknown as {
      typicality?: object;
      eraFame?: object;
      stems?: Map<string, string[]>;
    };
    expect(prepared.typicality).toBeDefined();
    expect(prepared.eraFame).toBeDefined();
    expect(prepared.stems?.size).toBeGreaterThan(1000);
    const ask = (r: Retriever, genres: number[], keywordsOut: string[]) =>
      r
        .retrieve(
          { ...emptyQuery('en'), genreGroups: genres.map((g) => [g]), keywordsOut, empty: false },
          { exclude: new Set(), seed: null, neighbours: null },
        )
        .picks.map((c) => c.movie.id);
    for (const [genres, out] of [
      [[27], ['gore']],
      [[28], ['superhero']],
      [[35, 10749], []],
    ] as [number[], string[]][]) {
      const picks = ask(warm, genres, out);
      expect(picks.length).toBeGreaterThanOrEqual(3);
      expect(picks).toEqual(ask(cold, genres, out));
    }
  });
});
