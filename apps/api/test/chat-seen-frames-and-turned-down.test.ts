import { describe, expect, it } from 'vitest';
import { EraFame } from '../src/modules/chat/rank';
import { GENRE } from '../src/modules/chat/understand/lexicon';
import { NOT_IN_CATALOG } from '../src/modules/chat/wording';
import { chatSuite, freshConversation as fresh } from './helpers/catalog';

/**
 * Decision 0147: "seen most of those. more?" asks for more; "is avatar the way of water on here?"
 * asks about a film the catalog lacks (the nearest title offered); questions about the chat itself
 * and a cinema's box office are no film requests; Hollywood's golden age is in English; "ugh no, a
 * romance that's actually sad" turns the list down; "the least violence", "the most realistic" of
 * the films shown order them; films like the nearest title, asked for outright, are served.
 */
const chat = chatSuite();
const ask = (message: string) => chat.engine.answer(message, fresh());
const year = (m: { release_date?: string | null }) => Number((m.release_date ?? '').slice(0, 4));
const TOP_GUN = 744;
const AVATAR = 19995;

const conversation = chat.conversation;

describe('some of the films shown said seen', () => {
  it.each(['seen most of those. more?', "I've seen most of those", 'watched a few of them already, others?'])(
    '"%s" asks for more of the same request, none shown again',
    async (seen) => {
      const [first, more] = await conversation('need a funny one for tonight, about 90 min', seen);
      const before = new Set(first!.films.map((m) => m.id));
      expect(more!.films.length).toBeGreaterThanOrEqual(3);
      for (const m of more!.films) {
        expect(before.has(m.id), m.title).toBe(false);
        expect(m.genre_ids).toContain(GENRE.comedy);
        expect(m.runtime).toBeLessThanOrEqual(110);
      }
    },
  );
});

describe('"is X on here?" names the film asked about', () => {
  it('"is avatar the way of water on here?": said missing, Avatar offered, no water films', async () => {
    const a = await ask('is avatar the way of water on here?');
    expect(a.message.toLowerCase()).toContain(`"avatar the way of water" ${NOT_IN_CATALOG}`.toLowerCase());
    expect(a.message).toContain(`](/movie/${AVATAR})`);
    expect(a.picks).toEqual([]);
  });

  it.each([
    ['is 80s horror on here?', GENRE.horror],
    ['are there any good westerns on here?', GENRE.western],
  ])('"%s" asks for films of a kind', async (message, genre) => {
    const a = await ask(message);
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of a.picks) expect(p.movie.genre_ids).toContain(genre);
  });
});

describe('no film request', () => {
  it.each(['are you a real person or a bot? how do you pick the movies', 'how do you choose the films?'])(
    '"%s" is told what the chat is, with no films',
    async (message) => {
      const a = await ask(message);
      expect(a.picks).toEqual([]);
      expect(a.message).toContain('Cinelog movie guide');
    },
  );

  it.each(['can you book me 2 tickets for tonight?', 'whats playing near me, showtimes?'])(
    '"%s" is a box office\'s job, not a film guide\'s',
    async (message) => {
      const a = await ask(message);
      expect(a.picks).toEqual([]);
      expect(a.message).toMatch(/^I can only help with movies/);
    },
  );

  it('films about a bookshop are still films', async () => {
    expect((await ask('movies about a bookshop')).picks.length).toBeGreaterThanOrEqual(3);
  });
});

describe("Hollywood's golden age", () => {
  it('"old hollywood golden age, 40s and 50s classics": films in English of those years', async () => {
    const a = await ask('old hollywood golden age, 40s and 50s classics');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of a.picks) {
      expect(p.movie.original_language, p.movie.title).toBe('en');
      expect(year(p.movie)).toBeGreaterThanOrEqual(1940);
      expect(year(p.movie)).toBeLessThanOrEqual(1959);
    }
  });

  it("any country's golden age is no language", () => {
    expect(chat.engine.parse('a new hollywood crime film').languages).toEqual(['en']);
    expect(chat.engine.parse('golden age of cinema please').languages).toEqual([]);
  });
});

describe('a list turned down', () => {
  it('"ugh no, something darker. a romance that\'s actually sad" after romcoms: romances, no comedies', async () => {
    const [, sad] = await conversation(
      'romantic comedies',
      "ugh no, something darker. a romance that's actually sad",
    );
    expect(sad!.films.length).toBeGreaterThanOrEqual(3);
    for (const m of sad!.films) {
      expect(m.genre_ids, m.title).toContain(GENRE.romance);
      expect(m.genre_ids, m.title).not.toContain(GENRE.comedy);
    }
  });

  it('"no gore please" after horror rules gore out, and it is still horror', async () => {
    const [, less] = await conversation('horror films', 'no gore please');
    expect(less!.films.length).toBeGreaterThanOrEqual(3);
    for (const m of less!.films) expect(m.genre_ids, m.title).toContain(GENRE.horror);
  });
});

describe('an order asked of the films shown', () => {
  it.each([
    ['something like pulp fiction', 'which of these has the least violence?', 'least violent'],
    ['war films', 'which of those is the most realistic?', 'most true to life'],
  ])('"%s", then "%s": the films shown, %s first', async (first, question, order) => {
    const [shown, answer] = await conversation(first, question);
    expect(answer!.message).toContain(`the ${order} is`);
    expect(new Set(answer!.films.map((m) => m.id))).toEqual(new Set(shown!.films.map((m) => m.id)));
  });
});

describe('films like the nearest title, asked for outright', () => {
  it('"do you have top gun maverick? or something like it": said missing, then films like Top Gun', async () => {
    const a = await ask('do you have top gun maverick? or something like it');
    expect(a.message).toMatch(new RegExp(`^"Top Gun Maverick" ${NOT_IN_CATALOG}`));
    expect(a.message).toContain(`films like **[Top Gun](/movie/${TOP_GUN})**`);
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
  });

  it('"have u got dune part two? or the 2021 one? if not something with the same vibe": like Dune', async () => {
    const a = await ask('have u got dune part two? or the 2021 one? if not something with the same vibe');
    expect(a.message).toContain('films like **[Dune](/movie/841)**');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
  });

  it.each(['wanna watch top gun maverick tonight', 'top gun maverick tonight, u got it?'])(
    '"%s" (nothing alike asked for): said missing, the nearest title offered, no films',
    async (message) => {
      const a = await ask(message);
      expect(a.message).toContain(`closest title I have is **[Top Gun](/movie/${TOP_GUN})**`);
      expect(a.picks).toEqual([]);
    },
  );

  it('no nearest title: said missing, no films', async () => {
    const a = await ask('do you have Oppenheimer? if not something similar');
    expect(a.message).toMatch(new RegExp(`^"Oppenheimer" ${NOT_IN_CATALOG}`));
    expect(a.picks).toEqual([]);
  });
});

describe('words a friend reads past', () => {
  it.each([
    ['romcom reccs pls nothin 2 sappy', 'nothing too cheesy'],
    ['need a movie that messes with your head, the twisty kind bro', 'twisty'],
    ['horror without cheap jump scares. slow burn, creepy atmosphere', 'without jump scare'],
  ])('"%s" is read (%s) and names no word it missed', async (message, read) => {
    const a = await ask(message);
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    expect(a.message).toContain(read);
    expect(a.message).not.toContain("didn't catch");
  });
});

describe('"no" alone', () => {
  it.each(['no', 'No.', 'nope!', 'no thanks'])(
    '"%s" after a list is never the film "No" (2012)',
    async (no) => {
      const [, answer] = await conversation('horror films', no);
      expect(answer!.message).not.toContain('](/movie/110398)');
      expect(answer!.films).toEqual([]);
    },
  );
});

describe('shorter than the film named', () => {
  it('"like interstellar but not as long": a quarter shorter than its 169 minutes, not a short film', async () => {
    const a = await ask('sumthin like intersteller but not as long lol');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of a.picks) expect(p.movie.runtime, p.movie.title).toBeLessThanOrEqual(125);
    expect(a.picks.some((p) => (p.movie.runtime ?? 0) > 90)).toBe(true);
  });

  it('"a short comedy" is still a short one', async () => {
    for (const p of (await ask('a short comedy')).picks) expect(p.movie.runtime).toBeLessThanOrEqual(90);
  });
});

describe('hidden gems', () => {
  it.each([
    "hidden gems? stuff most people haven't seen but is really good",
    'underrated 90s thrillers nobody talks about',
    'underrated comedies with a rating above 7?',
  ])(
    '"%s": none of the best known of its decade (as famous as the films evaluators named)',
    async (message) => {
      const fame = new EraFame(chat.catalog.popular.filter((m) => m.vote_count >= 10));
      const a = await ask(message);
      expect(a.picks.length).toBeGreaterThanOrEqual(3);
      // The films evaluators named for such requests: fame 0.45-0.85 (10th-90th percentile), median 0.65.
      for (const p of a.picks) expect(fame.fame(p.movie), p.movie.title).toBeLessThanOrEqual(0.8);
    },
  );
});

describe('what fresh64 showed of the same classes', () => {
  it('"r u a real person or a bot": text-speak of a question about the chat', async () => {
    const a = await ask('r u a real person or a bot');
    expect(a.picks).toEqual([]);
    expect(a.message).toContain('Cinelog movie guide');
  });

  it('"highly rated 80s comedy that\'s short": the 80s, no rating of 8 read from "80s"', async () => {
    const q = chat.engine.parse("highly rated 80s comedy that's short, like under 100 min");
    expect([q.yearFrom, q.yearTo]).toEqual([1980, 1989]);
    expect(q.minRating ?? 0).toBeLessThan(8);
    expect(chat.engine.parse('rated 8 or more comedy').minRating).toBe(8);
  });

  it('"only the absolute top" asks for the best rated, no films about tops', async () => {
    const q = chat.engine.parse('what are the highest rated movies ever? only the absolute top');
    expect(q.themeWords).toEqual([]);
    const top = await ask('what are the highest rated movies ever? only the absolute top');
    const plain = await ask('highest rated movies');
    expect(top.picks.map((p) => p.movie.id)).toEqual(plain.picks.map((p) => p.movie.id));
  });
});
