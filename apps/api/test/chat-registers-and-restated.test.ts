import { describe, expect, it } from 'vitest';
import { GENRE } from '../src/modules/chat/understand/lexicon';
import { chatSuite } from './helpers/catalog';

/**
 * Decision 0128: a detective's story is a mystery or a crime film; a register ("dumb", "stupid",
 * "mindless") said of a kind moves that kind's films its way and, said of another genre than its
 * own, leaves that genre the kind; a prison escape by any of the catalog's names for it. ("like X"
 * followed by the words X is: `src/modules/chat/neighbours.test.ts`, with the service's neighbours.)
 */
const chat = chatSuite();
const { ask } = chat;

describe('decision 0128: a detective is a mystery or a crime film', () => {
  it('"detective" asks for either genre and lifts the films that follow a detective', () => {
    const q = chat.engine.parse('1940s detective films');
    expect(q.genreGroups).toEqual([[GENRE.mystery, GENRE.crime]]);
    expect(q.moodKeywords).toContain('private detective');
    // Named outright, the genre narrows it: a detective mystery is a mystery.
    expect(chat.engine.parse('a good detective mystery').genreGroups).toEqual([[GENRE.mystery]]);
  });

  it('"a grim detective serial killer film" can name The Silence of the Lambs, a crime film', async () => {
    const { picks } = await ask('a grim detective serial killer film');
    expect(picks.map((m) => m.title)).toContain('The Silence of the Lambs');
    for (const m of picks)
      expect(
        m.genre_ids.some((g) => g === GENRE.mystery || g === GENRE.crime),
        m.title,
      ).toBe(true);
  });
});

describe('decision 0128: a register said of a kind', () => {
  it('"dumb action movie": action, no drama and no comedy asked, moved the dumber way', async () => {
    const message = 'ok so. dumb action movie, lots of explosions, zero plot needed';
    const q = chat.engine.parse(message);
    expect(q.genreGroups).toEqual([[GENRE.action]]);
    expect(q.impliedOut).toContain(GENRE.drama);
    expect(q.moodDirection).toBe('dumber');
    const { picks } = await ask(message);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) {
      expect(m.genre_ids, m.title).toContain(GENRE.action);
      expect(m.genre_ids, m.title).not.toContain(GENRE.drama);
    }
  });

  it('"a dumb comedy" names its kind: the plain comedies, no romance among them', async () => {
    expect(chat.engine.parse('a dumb comedy').moodDirection).toBe('dumber');
    const { picks } = await ask('a dumb comedy');
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) expect(m.genre_ids, m.title).not.toContain(GENRE.romance);
  });

  it('the viewer\'s state alone is said of the register\'s own kind (0137); "makes you feel dumb" asks for nothing dumb', () => {
    expect(chat.engine.parse('sooo hungover. need something easy, brain is off').moodDirection).toBe(
      'dumber',
    );
    expect(
      chat.engine.parse('i love that feeling where a movie makes you feel dumb in a good way').moods,
    ).not.toContain('silly');
  });
});

describe('decision 0128: a prison escape, and a length with "-ish"', () => {
  it('"prison break movies": escapes from prison, by any of the catalog\'s names for one', async () => {
    const escape = ['escape from prison', 'prison escape', 'prison break', 'jail break'];
    const { message, picks } = await ask('prison break movies!! the planning, the digging, all of it');
    expect(message).toContain('prison escape films');
    expect(picks.map((m) => m.title)).toContain('Escape from Alcatraz');
    for (const m of picks)
      expect(
        m.keywords.some((k) => escape.includes(k)),
        m.title,
      ).toBe(true);
  });

  it('"maybe 2 hours-ish max" is a ceiling', () => {
    expect(chat.engine.parse('nothing crazy long, maybe 2 hours-ish max?? help').runtimeMax).toBe(120);
  });
});

describe('decision 0128: the story around the request is no request', () => {
  it('a theme ruled out stays out when mentioned again ("isn\'t about a serial killer")', async () => {
    const message =
      "a good thriller that isn't about a serial killer. feels like every thriller is a serial killer now";
    const q = chat.engine.parse(message);
    expect(q.keywordsIn).not.toContain('serial killer');
    expect(q.keywordsOut).toContain('serial killer');
    const { picks } = await ask(message);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) expect(m.keywords, m.title).not.toContain('serial killer');
  });

  it('"the 2008 financial crash" is no film year, "my family keeps asking" no family film', async () => {
    const message =
      'films about the 2008 financial crash? i work in finance and my family keeps asking me to explain it';
    const q = chat.engine.parse(message);
    expect([q.yearFrom, q.yearTo]).toEqual([undefined, undefined]);
    expect(q.genreGroups).toEqual([]);
    expect((await ask(message)).picks.map((m) => m.title)).toContain('The Big Short');
    // A film's year and a family watching still are.
    expect(chat.engine.parse('the 2008 one please').yearFrom).toBe(2008);
    expect(chat.engine.parse('something to watch with my family').genreGroups).toEqual([[GENRE.family]]);
  });
});

describe('decision 0128: a request of one unread word names the film it titles', () => {
  it('"shawshank. best movie ever. more like it??" is like The Shawshank Redemption', async () => {
    const a = await chat.answer('shawshank. best movie ever. more like it??');
    expect(a.seed?.title).toBe('The Shawshank Redemption');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    // A word that titles no well-known film is still not caught.
    expect((await ask('blorptastic. best movie ever')).message).toContain("I didn't catch");
  });
});

describe('decision 0128: a film named as what the request is not', () => {
  it('"…watch Titanic every valentines day… i want the opposite of that energy": not like Titanic', async () => {
    const message =
      'so my ex used to make me watch Titanic every single valentines day. this weekend i want the opposite of that energy, like a stylish revenge movie where someone gets wronged';
    const a = await chat.answer(message);
    expect(a.seed).toBeNull();
    const titles = a.picks.map((p) => p.movie.title);
    expect(titles).not.toContain('Titanic');
    expect(titles).toContain('Kill Bill: Vol. 1');
  });
});
