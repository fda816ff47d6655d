import type { CatalogMovie } from '@app/catalog';
import { describe, expect, it } from 'vitest';
import { dramedy } from '../src/modules/chat/rank';
import { GENRE } from '../src/modules/chat/understand/lexicon';
import { chatSuite, playConversation } from './helpers/catalog';

/**
 * Decision 0119: a franchise by the short names people use ("lotr", "bond", "rocky sequels") and
 * narrowed by the years asked; a kind of film by its world ("mafia", "slashers", "spooky") rather
 * than its genre at large; a comedy-drama after the comedies when a comedy is asked for; the
 * viewer's state ("hungover") asks for switched-off laughs; a theme word before "films" is no title.
 */
const chat = chatSuite();
const { ask } = chat;

const year = (m: CatalogMovie) => Number(m.release_date?.slice(0, 4));

/** The reply's films after asserting they are one franchise's, named so in the reply. */
async function franchiseFilms(message: string, name: string): Promise<CatalogMovie[]> {
  const { message: reply, picks } = await ask(message);
  expect(reply).toContain(`${name} films`);
  expect(picks.length).toBeGreaterThanOrEqual(3);
  for (const m of picks) expect(m.collection?.id, m.title).toBe(picks[0]!.collection?.id);
  return picks;
}

describe('a franchise by a short name', () => {
  it.each([
    ['lotr movies', 'Lord of the Rings'],
    ['the bttf trilogy', 'Back to the Future'],
    ['bond films', 'James Bond'],
    ['all the rocky sequels', 'Rocky'],
  ])('%s: the %s films, in order', async (message, name) => {
    const picks = await franchiseFilms(message, name);
    expect(picks.map(year)).toEqual([...picks.map(year)].sort((a, b) => a - b));
  });

  it.each([
    ['fast and furious, which ones are the fun ones? i do not care about the plot', 'Fast and the Furious'],
    ['star wars - which of them are the good ones', 'Star Wars'],
    ['are the saw movies worth watching', 'Saw'],
  ])('decision 0127: "%s" asks which of the %s films: best rated first', async (message, name) => {
    const ratings = (await franchiseFilms(message, name)).map((m) => m.vote_average);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('a word of a film\'s theme is no short name: "a bond between mother and son"', async () => {
    const { message } = await ask('a movie about the bond between a mother and her son');
    expect(message).not.toContain('James Bond films');
  });
});

describe('a franchise narrowed by the years asked', () => {
  it('"and the 60s ones?" after the 90s Bond films: the 1960s Bond films', async () => {
    const { message, movies } = await playConversation(chat.engine, chat.catalog, [
      'bond films from the 90s',
      'and the 60s ones?',
    ]);
    expect(message).toContain('James Bond films from the 1960s');
    expect(movies.length).toBe(7);
    for (const m of movies) expect(m.collection?.id).toBe(chat.catalog.get(646)!.collection?.id);
  });

  it('bond films from the 90s: the three of the 1990s', async () => {
    const { message, picks } = await ask('bond films from the 90s');
    expect(message).toContain('from the 1990s');
    expect(picks.map((m) => m.title)).toEqual([
      'GoldenEye',
      'Tomorrow Never Dies',
      'The World Is Not Enough',
    ]);
  });

  it('none in the years asked: says so and lists them all', async () => {
    const { message, picks } = await ask('jaws films from the 60s');
    expect(message).toMatch(/^None of the Jaws films in the catalog are from the 1960s/);
    expect(picks.length).toBe(4);
  });
});

describe('a theme word before "films" is no title the catalog lacks', () => {
  it.each(['heist films', 'heist movies'])('%s: heist films', async (message) => {
    const { message: reply, picks } = await ask(message);
    expect(reply).not.toMatch(/isn't in our catalog/);
    expect(picks.length).toBe(5);
    for (const m of picks) expect(m.keywords, m.title).toEqual(expect.arrayContaining(['heist']));
  });

  it('a sequel typed after a title is still one ("top gun maverick")', async () => {
    expect((await ask('top gun maverick')).message).toMatch(/isn't in our catalog/);
  });
});

describe('a kind of film by its world', () => {
  it.each(['mafia movies', 'mob movies', 'gangster films'])('%s: films of the mob', async (message) => {
    const { picks } = await ask(message);
    expect(picks.length).toBe(5);
    const mob = [
      'mafia',
      'mobster',
      'gangster',
      'organized crime',
      'mafia boss',
      'gangster boss',
      'mob boss',
    ];
    for (const m of picks)
      expect(
        m.keywords.some((k) => mob.includes(k)),
        m.title,
      ).toBe(true);
    expect(picks.map((m) => m.title)).toContain('The Godfather');
    expect(picks.map((m) => m.title)).not.toContain('The Shawshank Redemption');
  });

  it('classic slashers: Halloween, not Alien and Jaws', async () => {
    const { picks } = await ask('some classic slasher horror pls');
    const titles = picks.map((m) => m.title);
    expect(titles).toContain('Halloween');
    expect(titles).not.toContain('Jaws');
  });

  it('spooky but no horror: ghosts and Halloween, none of them horror', async () => {
    const { message, picks } = await ask('halloween party, spooky vibes but absolutely no horror movies');
    expect(message).toMatch(/spooky/);
    expect(picks.length).toBe(5);
    const spooky = ['ghost', 'haunted house', 'halloween', 'haunting', 'ghost story'];
    for (const m of picks) {
      expect(m.genre_ids, m.title).not.toContain(GENRE.horror);
      expect(
        m.keywords.some((k) => spooky.includes(k)),
        m.title,
      ).toBe(true);
    }
  });
});

describe('a comedy-drama after the comedies', () => {
  it('weighs only when a comedy is asked for and drama is not', () => {
    const gump = chat.catalog.get(13)!;
    expect(gump.genre_ids).toEqual(expect.arrayContaining([GENRE.comedy, GENRE.drama]));
    expect(dramedy(gump, true, new Set([GENRE.comedy]))).toBe(1);
    expect(dramedy(gump, true, new Set([GENRE.comedy, GENRE.drama]))).toBe(0);
    expect(dramedy(gump, false, new Set())).toBe(0);
  });

  it('"a comedy with no romance": The Big Lebowski before Life Is Beautiful', async () => {
    const titles = (await ask('a comedy with no romance at all please')).picks.map((m) => m.title);
    expect(titles).toContain('The Big Lebowski');
    const beautiful = titles.indexOf('Life Is Beautiful');
    if (beautiful >= 0) expect(beautiful).toBeGreaterThan(titles.indexOf('The Big Lebowski'));
  });
});

describe('decision 0127: words for the same wish', () => {
  it('"the dumber the better" asks for silly laughs', () => {
    expect(chat.engine.parse('need a good laugh. the dumber the better honestly').moods).toContain('silly');
  });

  it('"not just depressing for no reason" rules nothing out; "not just another superhero movie" does', () => {
    const cry = chat.engine.parse(
      'we want a good cry. something really sad but beautiful, not just depressing for no reason',
    );
    expect(cry.moods).toContain('sad');
    expect(cry.notMoods ?? []).not.toContain('sad');
    expect(cry.keywordsOut).toEqual([]);
    expect(chat.engine.parse('not just another superhero movie please').keywordsOut).toContain('superhero');
  });

  it('"isn\'t depressing" rules out sad films', () => {
    expect(chat.engine.parse("a drama that isn't depressing. no cancer").notMoods).toContain('sad');
  });

  it('"my kids are over animation" rules animation out, "over 2 hours" is still a length', () => {
    const q = chat.engine.parse('family film for sunday but no cartoons please, my kids are over animation');
    expect(q.genresOut).toContain(GENRE.animation);
    expect(q.genreGroups.flat()).not.toContain(GENRE.animation);
    expect(chat.engine.parse('films that are over 2 hours').runtimeMin).toBe(120);
  });
});

describe('decision 0127: a length not to go over, a nationality of something else', () => {
  it.each([
    "a tight thriller that doesn't go over 2 hours. hate when they drag",
    "a thriller that doesn't go past 2 hours",
    'a thriller that doesnt go past 2 hours please. long films put me to sleep',
  ])('"%s" is a ceiling', (message) => {
    const q = chat.engine.parse(message);
    expect(q.runtimeMax).toBe(120);
    expect(q.runtimeMin).toBeUndefined();
  });

  it('"ordered thai food" asks for no Thai film; "a french film for my french girlfriend" is French', () => {
    expect(
      chat.engine.parse('i just got in, ordered thai food and i want to watch a heist').languages,
    ).toEqual([]);
    expect(chat.engine.parse('a french film for my french girlfriend').languages).toEqual(['fr']);
  });
});

describe('decision 0127: what is ruled out, in whatever genre it comes', () => {
  it('"zero romance" for a comedy: no film whose story is a romance (Life Is Beautiful)', async () => {
    const { picks } = await ask(
      'comedy for me and the lads tonight. zero romance, no rom-com stuff whatsoever',
    );
    expect(picks.length).toBeGreaterThanOrEqual(3);
    expect(picks.map((m) => m.title)).not.toContain('Life Is Beautiful');
    const romantic = ['love', 'romance', 'falling in love', "love of one's life", 'love at first sight'];
    for (const m of picks) {
      expect(m.genre_ids, m.title).not.toContain(GENRE.romance);
      expect(
        m.keywords.filter((k) => romantic.includes(k)),
        m.title,
      ).toEqual([]);
    }
  });

  it('"no violence whatsoever": no war on screen either (Forrest Gump\'s Vietnam)', async () => {
    const { picks } = await ask(
      'rainy sunday, pot of tea. something cozy and gentle. no violence whatsoever',
    );
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks)
      expect(
        m.keywords.filter((k) => /\bwar\b|battle|combat/.test(k)),
        m.title,
      ).toEqual([]);
  });
});

describe("the viewer's state asks for switched-off laughs", () => {
  it('"so hungover, need something dumb": silly comedies, no drama', async () => {
    const message = 'so hungover, need something dumb';
    expect(chat.engine.parse(message).moods).toContain('silly');
    const { picks } = await ask(message);
    expect(picks.length).toBe(5);
    for (const m of picks) {
      expect(m.genre_ids, m.title).toContain(GENRE.comedy);
      expect(m.genre_ids, m.title).not.toContain(GENRE.drama);
    }
  });

  it('"nothing dumb" rules out slapstick, not comedy', () => {
    const q = chat.engine.parse('a comedy, but no stupid comedies');
    expect(q.genresOut).not.toContain(GENRE.comedy);
    expect(q.keywordsOut).toContain('slapstick');
  });

  it('"an easy watch", "to fall asleep to": lighter films first, no genre asked', () => {
    for (const message of ['an easy watch please', 'something to fall asleep to']) {
      const q = chat.engine.parse(message);
      expect(q.moods).toContain('easy-watching');
      expect(q.soft.dark).toBeLessThan(0);
      expect(q.genreGroups).toEqual([]);
    }
  });
});

describe('a whole message typed as a title the catalog lacks', () => {
  it.each([
    ['The Banshees of Inisherin', 'The Banshees of Inisherin'],
    ['Everything Everywhere All at Once', 'Everything Everywhere All at Once'],
    ['Past Lives', 'Past Lives'],
  ])('%s: said missing, no films read from its words', async (message, title) => {
    const { message: reply, picks } = await ask(message);
    expect(reply).toContain(`"${title}" isn't in our catalog`);
    expect(picks).toEqual([]);
  });

  it.each([
    ['Zombie Movies', 'zombie'],
    ['Spooky Vibes', 'spooky'],
    ['Any Good Horror?', 'horror'],
  ])('%s: a request typed in capitals is still a request', async (message, kind) => {
    const { message: reply, picks } = await ask(message);
    expect(reply).not.toMatch(/isn't in our catalog/);
    expect(reply.split('\n')[0]).toContain(kind);
    expect(picks.length).toBe(5);
  });
});

describe('a dark comedy is its own kind', () => {
  it.each(['a dark comedy', 'some black comedies', 'comedia negra'])(
    '%s: comedies of dark things, not "black" in a title',
    async (message) => {
      expect(chat.engine.parse(message).moods).toContain('darkly funny');
      const { picks } = await ask(message);
      expect(picks.length).toBe(5);
      for (const m of picks) {
        expect(m.genre_ids, m.title).toContain(GENRE.comedy);
        expect(m.title).not.toMatch(/black/i);
        expect(m.genre_ids, m.title).not.toContain(GENRE.family);
      }
    },
  );

  it('"no dark comedies" rules out the kind, not every comedy', () => {
    const q = chat.engine.parse('a comedy, but no dark comedies');
    expect(q.genresOut).not.toContain(GENRE.comedy);
    expect(q.keywordsOut).toContain('dark comedy');
  });

  it('"a romcom" lifts the films the catalog calls romantic comedies', () => {
    expect(chat.engine.parse('a good romcom').moodKeywords).toContain('romantic comedy');
  });
});

describe('a request typed in title case is no title', () => {
  it.each(['Any Suggestions', 'Help Me Choose', 'Surprise Me', 'What Do You Recommend?', 'Something Good'])(
    '%s: never "isn\'t in our catalog"',
    async (message) => {
      expect((await ask(message)).message).not.toMatch(/isn't in our catalog/);
    },
  );
});

describe('a turn that changes the last request keeps it', () => {
  it('"make it funny" after 50s romances: funny romances of the 1950s', async () => {
    const { message, movies } = await playConversation(chat.engine, chat.catalog, [
      'romantic movies from the 50s',
      'make it funny',
    ]);
    expect(message.split('\n')[0]).toMatch(/funny romances from the 1950s/);
    for (const m of movies) {
      expect(m.genre_ids, m.title).toEqual(expect.arrayContaining([GENRE.romance, GENRE.comedy]));
      expect(year(m)).toBeGreaterThanOrEqual(1950);
      expect(year(m)).toBeLessThanOrEqual(1959);
    }
  });

  it('"nothing sad though" after a romance: still romances, said as asked', async () => {
    const { message, movies } = await playConversation(chat.engine, chat.catalog, [
      'a romance for tonight',
      'nothing sad though, happy ending please',
    ]);
    expect(message.split('\n')[0]).toMatch(/romances, nothing too sad/);
    for (const m of movies) expect(m.genre_ids, m.title).toContain(GENRE.romance);
  });

  it('"no, I meant comedies" is a new request, not horror comedies', async () => {
    const { movies } = await playConversation(chat.engine, chat.catalog, [
      'horror movies',
      'no, i meant comedies',
    ]);
    expect(movies.length).toBe(5);
    for (const m of movies) expect(m.genre_ids, m.title).not.toContain(GENRE.horror);
  });
});

describe('a musical is a sung film', () => {
  it('"musicals": films the catalog calls musicals, not any film about music', async () => {
    const { message, picks } = await ask('any good musicals?');
    expect(message.split('\n')[0]).toMatch(/five musicals/);
    for (const m of picks) {
      expect(m.keywords, m.title).toContain('musical');
      expect(m.genre_ids, m.title).toContain(GENRE.music);
    }
    expect(picks.map((m) => m.title)).not.toContain('Amadeus');
  });

  it('asked for first, it stands when ruled out after ("for someone who hates musicals")', () => {
    const q = chat.engine.parse('musicals for someone who usually hates musicals lol');
    expect(q.keywordsIn).toContain('musical');
    expect(q.keywordsOut).not.toContain('musical');
  });
});

describe('tones the catalog has words for, and one it has not', () => {
  it('"paranoid thrillers": films of paranoia and conspiracy', async () => {
    const { picks } = await ask('paranoid thrillers');
    const paranoid = ['paranoia', 'conspiracy', 'surveillance', 'government conspiracy'];
    expect(picks.length).toBe(5);
    for (const m of picks)
      expect(
        m.keywords.some((k) => paranoid.includes(k)),
        m.title,
      ).toBe(true);
  });

  it('"whimsical films": light films, not The Dark Knight or Leon', async () => {
    expect(chat.engine.parse('whimsical films').moods).toContain('whimsical');
    const { picks } = await ask('whimsical films');
    expect(picks.length).toBe(5);
    for (const m of picks) {
      expect(m.genre_ids, m.title).not.toContain(GENRE.horror);
      expect(m.genre_ids, m.title).not.toContain(GENRE.war);
      expect(m.genre_ids, m.title).not.toContain(GENRE.crime);
    }
  });
});

describe('a franchise named after other words', () => {
  it('"planning a harry potter marathon, list them for me": the eight films', async () => {
    const { message, picks } = await ask('planning a harry potter marathon, list them for me');
    expect(message).toContain('all 8 Harry Potter films');
    expect(picks.length).toBe(8);
  });

  it('"the classic 60s James Bond films": the 1960s Bond films, no person looked up', async () => {
    const { message, picks } = await ask('the classic 60s James Bond films');
    expect(message).not.toMatch(/look up people/);
    expect(picks.length).toBeGreaterThanOrEqual(5);
    for (const m of picks) expect(year(m)).toBeLessThan(1970);
  });

  it('"top 5 james bond films": the Bond films best rated first', async () => {
    const { message, picks } = await ask('top 5 james bond films');
    expect(message).toMatch(/best rated first/);
    const ratings = picks.map((m) => m.vote_average);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('"i loved the star wars movies, more like that" asks for films like them', async () => {
    const { message } = await ask('i loved the star wars movies, more like that');
    expect(message).not.toMatch(/in order of release/);
  });
});

describe("a long message's limits are kept", () => {
  it('"grandma walks out if there is swearing or sex": every tag of sex and swearing ruled out', async () => {
    const message = 'grandma walks out if there is swearing or sex';
    const q = chat.engine.parse(message);
    expect(q.social).toBeUndefined();
    expect(q.keywordsOut).toEqual(expect.arrayContaining(['sex', 'nudity', 'profanity']));
    const { picks } = await ask(message);
    expect(picks.length).toBe(5);
    for (const m of picks)
      expect(
        m.keywords.filter((k) => q.keywordsOut.includes(k)),
        m.title,
      ).toEqual([]);
  });

  it('"like Inception but less confusing" keeps science fiction (a broad mood ruled out keeps its genres)', () => {
    expect(chat.engine.parse('something like inception but a bit less confusing').genresOut).toEqual([]);
  });

  it('"classics from the 80s and 90s": the decades typed stand', () => {
    const q = chat.engine.parse('hong kong action classics from the 80s and 90s');
    expect([q.yearFrom, q.yearTo]).toEqual([1980, 1999]);
  });
});

describe('a good cry', () => {
  it('"need a good cry tonight. hit me": no crime epic, "hit me" asks for nothing', async () => {
    const q = chat.engine.parse('need a good cry tonight. hit me');
    expect(q.moods).toContain('sad');
    expect(q.themeWords).not.toContain('hit');
    const titles = (await ask('need a good cry tonight. hit me')).picks.map((m) => m.title);
    expect(titles).not.toContain('The Godfather');
    expect(titles).toContain("Schindler's List");
  });
});

describe('"nothing too …" in other languages', () => {
  it.each([
    ['un film d’animation japonais pour ma fille de 6 ans, rien de trop effrayant', 'scary'],
    ['una película de acción, nada demasiado violento', 'violent'],
  ])('%s: the %s mood ruled out', (message, mood) => {
    const q = chat.engine.parse(message);
    expect(q.moods).not.toContain(mood);
    expect(q.notMoods).toContain(mood);
  });

  it('a sentence after a comma stands alone: "nada, algo de miedo" asks for horror', () => {
    expect(chat.engine.parse('nada, algo de miedo').genreGroups).toEqual([[GENRE.horror]]);
  });
});

describe('who the film is about, and where it is set', () => {
  it('"a girl as the main character" after family films: female-led family films', async () => {
    const { message, movies } = await playConversation(chat.engine, chat.catalog, [
      'family adventure movie for tonight',
      'one with a girl as the main character would be great, my daughter asked',
    ]);
    expect(message.split('\n')[0]).toMatch(/female-led family adventures/);
    expect(movies.length).toBeGreaterThanOrEqual(3);
    for (const m of movies)
      expect(m.genre_ids, m.title).toEqual(expect.arrayContaining([GENRE.family, GENRE.adventure]));
  });

  it('"courtroom dramas": the films with most of a trial, 12 Angry Men first', async () => {
    const { picks } = await ask('courtroom dramas');
    expect(picks[0]!.title).toBe('12 Angry Men');
    expect(picks.map((m) => m.title)).not.toContain('Good Will Hunting');
  });
});
