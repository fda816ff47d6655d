import { describe, expect, it } from 'vitest';
import { chatSuite, freshConversation as fresh } from './helpers/catalog';

/**
 * Decision 0146: a question about the chat itself ("how does this thing work?") gets what it does,
 * in the language asked; slips of the short words a request turns on ("movies liek superbad") are
 * read as meant; a length said outright beats the one a mood implies ("an epic feel, under 2
 * hours"); a limit asked of the films shown ("is any of those ok for someone who can't stand
 * gore?") orders them; the opener of a question for a title is no part of it ("¿Tienes Encanto?").
 */
const chat = chatSuite();
const ask = (message: string) => chat.engine.answer(message, fresh());
const SUPERBAD = 8363;
const MATRIX = 603;

const conversation = chat.conversation;

describe('a question about the chat itself', () => {
  it.each([
    ['how does this work?', 'Cinelog movie guide'],
    ['hey! how does this thing work?', 'Cinelog movie guide'],
    ['how do i use this?', 'Cinelog movie guide'],
    ['¿cómo funciona esto?', 'guía de películas de Cinelog'],
    ['comment ça marche ?', 'guide cinéma de Cinelog'],
    ['wie funktioniert das?', 'Filmguide von Cinelog'],
  ])('"%s" is told what the chat does, with no films', async (message, guide) => {
    const a = await ask(message);
    expect(a.picks).toEqual([]);
    expect(a.message).toContain(guide);
  });

  it('films about work are still films', async () => {
    const a = await ask('good movies about work and office life');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
  });
});

describe('slips of short words', () => {
  it.each([
    ['movies liek superbad??', SUPERBAD],
    ['somethin lik the matrix', MATRIX],
  ])('"%s" asks for films like the one named', async (message, id) => {
    const a = await ask(message);
    expect(a.message).toContain(`](/movie/${id})`);
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    expect(a.picks.map((p) => p.movie.id)).not.toContain(id);
  });
});

describe('a length said outright beats the one a mood implies', () => {
  it('"an epic film under 2 hours" lists epics of at most 120 minutes', async () => {
    const a = await ask('an epic film under 2 hours');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of a.picks) expect(p.movie.runtime).toBeLessThanOrEqual(120);
  });

  it('a long epic, then "under 2 hours but still with an epic feel?"', async () => {
    const [long, short] = await conversation(
      'snowed in all weekend. give me a long epic, the longer the better',
      'actually my husband will fall asleep. under 2 hours but still with an epic feel?',
    );
    for (const m of long!.films) expect(m.runtime).toBeGreaterThan(140);
    expect(short!.films.length).toBeGreaterThanOrEqual(3);
    for (const m of short!.films) expect(m.runtime).toBeLessThanOrEqual(120);
  });
});

describe('a limit asked of the films shown', () => {
  it.each([
    [
      'best korean films since 2000?',
      "is any of those ok for someone who can't stand gore?",
      'least violent',
    ],
    ['a good crime movie', 'any of those not too violent?', 'least violent'],
    ['horror films', 'are any of these not too scary?', 'least scary'],
  ])('"%s", then "%s": the films shown, %s first', async (first, limit, order) => {
    const [shown, answer] = await conversation(first, limit);
    expect(shown!.films.length).toBeGreaterThanOrEqual(3);
    expect(answer!.message).toContain(`the ${order} is`);
    // No new film: the same ones, in the order asked.
    expect(new Set(answer!.films.map((m) => m.id))).toEqual(new Set(shown!.films.map((m) => m.id)));
  });

  it('"something not too scary" after them still asks for new films', async () => {
    const [shown, more] = await conversation('horror films', 'something not too scary');
    const before = new Set(shown!.films.map((m) => m.id));
    expect(more!.films.length).toBeGreaterThanOrEqual(3);
    expect(more!.films.some((m) => !before.has(m.id))).toBe(true);
  });
});

describe('the opener of a question for a title is no part of it', () => {
  it.each([
    '¿Tienes Encanto?',
    '¿Tienes Encanto? La de Disney, para verla con mis sobrinos',
    'tienen encanto?',
  ])('"%s": "Encanto" is the title said missing', async (message) => {
    const a = await ask(message);
    expect(a.message).toMatch(/^"Encanto" no está en nuestro catálogo/);
    expect(a.picks).toEqual([]);
  });

  it.each(['got any scary ones?', 'tienes peliculas de terror?', 'do you have anything like inception?'])(
    '"%s" asks for films, no title',
    async (message) => {
      const a = await ask(message);
      expect(a.picks.length).toBeGreaterThanOrEqual(3);
      expect(a.message).not.toMatch(/isn't in our catalog|no está en nuestro catálogo/);
    },
  );
});

describe('a decade said of the people watching is an age', () => {
  const year = (m: { release_date?: string | null }) => Number((m.release_date ?? '').slice(0, 4));

  it('"my parents (both late 60s)" sets no years', async () => {
    const a = await ask('movie night with my parents (both late 60s), something gentle and funny');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    expect(a.picks.some((p) => year(p.movie) < 1965 || year(p.movie) > 1969)).toBe(true);
  });

  it('"with my grandparents (80s)" sets no years; "with my grandparents, 80s comedies" does', () => {
    const aged = chat.engine.parse(
      'Watching with my grandparents (80s) this weekend, nothing with gore. Ideas?',
    );
    expect([aged.yearFrom, aged.yearTo]).toEqual([undefined, undefined]);
    const years = chat.engine.parse('with my grandparents, 80s comedies please');
    expect([years.yearFrom, years.yearTo]).toEqual([1980, 1989]);
  });

  it('"both 80s and 90s action" still asks for those years', async () => {
    const a = await ask('both 80s and 90s action is fine');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of a.picks) {
      expect(year(p.movie)).toBeGreaterThanOrEqual(1980);
      expect(year(p.movie)).toBeLessThanOrEqual(1999);
    }
  });
});
