import { describe, expect, it } from 'vitest';
import { GENRE } from '../src/modules/chat/understand/lexicon';
import { KEYWORD_FAMILIES } from '../src/modules/chat/directions';
import { chatSuite, playConversation } from './helpers/catalog';

// Decision 0137: a mood said not wanted takes all it brought; laughing to tears is laughter; a
// register ("dumb", "easy") is said of a kind, its own when none is named; a film's music is its
// score, no musical asked for.
const chat = chatSuite();
const has = (m: { genre_ids: readonly number[] }, g: number) => m.genre_ids.includes(g);

describe('a mood said not wanted goes with all it brought', () => {
  it('"laugh so hard i cry. pure comedy, nothing serious or sad": comedies, no dramas of loss', async () => {
    const message = 'i want to laugh so hard i cry. pure comedy, nothing serious or sad';
    const q = chat.engine.parse(message);
    expect(q.moods).toEqual(['funny']);
    expect(q.genreGroups).toEqual([[GENRE.comedy]]);
    expect(q.moodDirection).toBeUndefined();
    expect(q.moodKeywords).not.toContain('grief');
    const { picks } = await chat.ask(message);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) {
      expect(has(m, GENRE.comedy), m.title).toBe(true);
      expect(has(m, GENRE.drama), m.title).toBe(false);
    }
  });

  it('a sad film still asked for when it is not ruled out ("something sad, I need a cry")', () => {
    const q = chat.engine.parse('something sad, i need a good cry');
    expect(q.moods).toContain('sad');
    expect(q.moodDirection).toBe('tearjerker');
  });
});

describe('laughing to tears is laughter', () => {
  it.each([
    'a movie that will make me laugh so hard i cry',
    'we want to laugh so much we cried last time',
    'something where you laugh until you are crying',
  ])('%j: funny, not sad', (message) => {
    const q = chat.engine.parse(message);
    expect(q.moods).toContain('funny');
    expect(q.moods).not.toContain('sad');
  });
});

describe('a register is said of a kind, its own when none is named', () => {
  it('"hungover. need something dumb and funny": the plainest comedies, no romance or cartoons', async () => {
    const message = 'hungover sunday. brain is mush. need something dumb and funny';
    expect(chat.engine.parse(message).moodDirection).toBe('dumber');
    const { picks } = await chat.ask(message);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) {
      expect(has(m, GENRE.comedy), m.title).toBe(true);
      for (const g of [GENRE.romance, GENRE.drama, GENRE.animation]) expect(has(m, g), m.title).toBe(false);
    }
  });

  it('"ADRENALINE. car chases, explosions, zero thinking required": dumb action, no comedy asked', () => {
    const q = chat.engine.parse('ADRENALINE. car chases, explosions, zero thinking required');
    expect(q.genreGroups).toEqual([[GENRE.action]]);
    expect(q.moodDirection).toBe('dumber');
    expect(q.unknown).toEqual([]);
  });

  it('an easy watch leans away from the demanding: no drama among comedies to half-watch', async () => {
    const message = 'comedies for a house party, stuff people can half-watch while chatting';
    expect(chat.engine.parse(message).moodDirection).toBe('easier');
    const { picks } = await chat.ask(message);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) expect(has(m, GENRE.drama), m.title).toBe(false);
  });
});

describe('indifference is no negation', () => {
  it.each([
    ["horror, i don't mind if it's gory", 'violent'],
    ['a scary movie, i dont care how gory', 'violent'],
    ['i need a good cry tonight. like full on ugly crying, i dont care how sad', 'sad'],
  ])('%j: %s is not ruled out', (message, mood) => {
    const q = chat.engine.parse(message);
    expect(q.notMoods ?? []).not.toContain(mood);
    expect(q.keywordsOut).not.toContain('gore');
  });

  it('"i need a good cry… i dont care how sad": sad films', () => {
    expect(
      chat.engine.parse('i need a good cry tonight. like full on ugly crying, i dont care how sad').moods,
    ).toContain('sad');
  });
});

describe("a film's music is its score", () => {
  it('"loved interstellar… how it made me feel tiny, and the music": space films, no musicals', async () => {
    const message =
      "just rewatched interstellar and now i'm in a total space mood. i loved how it made me feel tiny, and the music. something about space and big ideas";
    expect(chat.engine.parse(message).genreGroups.flat()).not.toContain(GENRE.music);
    const { picks } = await chat.ask(message);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) expect(has(m, GENRE.music), m.title).toBe(false);
  });

  it.each(['music movies', 'a film about the music industry', 'musicals from the 50s'])(
    '%j still asks for music films',
    (message) => {
      expect(chat.engine.parse(message).genreGroups.flat()).toContain(GENRE.music);
    },
  );
});

describe('a teenage audience gets the films teenagers watch', () => {
  it('"scary movies for a sleepover, we\'re all 14": newer horror, nothing with graphic sex', async () => {
    const message = "scary movies for a sleepover, we're all 14";
    const q = chat.engine.parse(message);
    expect(q.moodDirection).toBe('teen');
    expect(q.childAge).toBeUndefined();
    const { picks } = await chat.ask(message);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    expect(picks.filter((m) => Number(m.release_date?.slice(0, 4)) >= 2000).length).toBeGreaterThanOrEqual(2);
    for (const m of picks) {
      expect(has(m, GENRE.horror), m.title).toBe(true);
      expect(
        m.keywords.filter((k) => KEYWORD_FAMILIES.adult.has(k)),
        m.title,
      ).toEqual([]);
    }
  });

  it('"a movie for my 15 year old son": a teenager\'s film, not films about sons', () => {
    const q = chat.engine.parse('a movie for my 15 year old son');
    expect(q.moodDirection).toBe('teen');
    expect(q.themeWords).not.toContain('son');
  });

  it("with a child among them, the youngest decides: a child's film", () => {
    const q = chat.engine.parse('family movie, my kids are 6 and 14');
    expect(q.childAge).toBe(6);
    expect(q.moodDirection).toBeUndefined();
  });
});

describe('a film asked about with nothing shown yet is shown', () => {
  const play = (messages: string[]) => playConversation(chat.engine, chat.catalog, messages);
  const AMELIE = 194;

  it('"is amelie good for a first date?": its card, and "anything similar?" follows it', async () => {
    const r = await play(['is amelie good for a first date or is it too weird lol', 'anything similar?']);
    expect(r.shown[0]).toEqual([AMELIE]);
    expect(r.movies.length).toBeGreaterThanOrEqual(3);
    expect(r.shown[1]).not.toContain(AMELIE);
    expect(r.message).toContain('Amélie');
  });

  it('"how long is lawrence of arabia?? … on christmas", then "what else is like it": not Christmas films', async () => {
    const r = await play([
      'how long is lawrence of arabia?? my uncle wants us to watch it on christmas',
      'ok what else is like it',
    ]);
    expect(r.shown[0]).toEqual([947]);
    expect(r.movies.length).toBeGreaterThanOrEqual(3);
    for (const m of r.movies) expect(m.keywords, m.title).not.toContain('christmas');
  });

  it('a question about one of the films shown keeps the list shown', async () => {
    const r = await play(['war movies', 'how long is the first one?']);
    expect(r.shown[1]).toEqual([]);
  });
});

describe('"fun" asks for a good time', () => {
  it('"something fun for tonight": no drama or war among the picks (it was Shawshank and The Godfather)', async () => {
    const q = chat.engine.parse('something fun for tonight');
    expect(q.moods).toContain('fun');
    expect(q.moodDirection).toBe('fun');
    const { picks } = await chat.ask('something fun for tonight');
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) for (const g of [GENRE.war, GENRE.history]) expect(has(m, g), m.title).toBe(false);
    expect(picks.filter((m) => has(m, GENRE.drama)).length).toBeLessThanOrEqual(1);
  });

  it.each(['a movie that makes fun of hollywood', 'we had fun watching jaws, anything like it'])(
    '%j asks for no fun film',
    (message) => {
      expect(chat.engine.parse(message).moods).not.toContain('fun');
    },
  );

  it('gives way to another mood\'s direction, in the list and in the words ("five silly films", not "fun silly")', async () => {
    const message = 'something fun and dumb for tonight';
    expect(chat.engine.parse(message).moodDirection).toBe('dumber');
    const { message: said } = await chat.ask(message);
    expect(said).not.toMatch(/\bfun (?:silly|funny)\b/);
  });
});

describe('a yes/no question opening with a title typed with slips is about that film', () => {
  it.each([
    ['is pans labrinth ok for a 12 year old? thought it was a fairy tale kind of thing', 1417],
    ['is the shinning very gory? never seen it and i scare really easy', 694],
  ])('%j', async (message, id) => {
    const a = await chat.answer(message);
    expect(a.picks.map((p) => p.movie.id)).toEqual([id]);
    expect(a.message).toContain(`(/movie/${id})`);
  });
});

describe('a person in a clause that says which film is meant is no person asked about', () => {
  it('"anything like everything everywhere all at once?? the multiverse one with michelle yeoh"', async () => {
    const message = 'anything like everything everywhere all at once?? the multiverse one with michelle yeoh';
    expect(chat.engine.parse(message).person).toBeUndefined();
    const { message: said } = await chat.ask(message);
    expect(said).toMatch(/Everything Everywhere All At Once" isn't in our catalog/i);
    expect(said).not.toMatch(/can't look up people/);
  });

  it('"films with tom hanks" still asks about him', () => {
    expect(chat.engine.parse('films with tom hanks').person).toBe('Tom Hanks');
  });
});
