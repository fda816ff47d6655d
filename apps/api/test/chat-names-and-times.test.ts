import { describe, expect, it } from 'vitest';
import { NOT_IN_CATALOG } from '../src/modules/chat/wording';
import { GENRE } from '../src/modules/chat/understand/lexicon';
import { chatSuite, playConversation } from './helpers/catalog';

/**
 * Decision 0132: a film's title typed as a name is no mood or theme, a day is no title, a language
 * is no title, a decade ruled out bounds the years, a person said in an appositive or spoken of as
 * "he" is a person, and a question about a film shown may end with something else.
 */
const chat = chatSuite();
const { ask } = chat;

describe('decision 0132: a title typed as a name', () => {
  it('"The Hurt Locker" is no "locker" (German for easy-going): no light-hearted comedies', async () => {
    // The whole message a title: films like it, nothing read from its words.
    const { picks } = await ask('The Hurt Locker');
    expect(picks[0]?.title).toBe('The Hurt Locker');
    expect(picks.slice(1).filter((m) => m.genre_ids.includes(GENRE.comedy)).length).toBeLessThanOrEqual(1);
    // Named in passing beside a person: only the person is asked about, so no films.
    const a = await ask('Any films directed by Kathryn Bigelow? I only know The Hurt Locker');
    expect(a.picks).toEqual([]);
    expect(a.message).toMatch(/can't look up people/);
    // The mood word still reads as one when typed as a word.
    expect(chat.engine.parse('etwas Lockeres, eine Komödie').genreGroups.flat()).toContain(GENRE.comedy);
  });

  it('a franchise typed in capitals is still read by the franchise clauses', () => {
    const q = chat.engine.parse('My wife suggested Star Wars but he has seen every single one twice');
    expect(q.collectionsOut?.map((c) => c.name)).toEqual(['Star Wars']);
  });

  it('"just got into korean cinema after oldboy": a one-word title no other word is names the film', async () => {
    const { picks } = await ask('just got into korean cinema after oldboy. more korean thrillers?');
    expect(picks.length).toBeGreaterThanOrEqual(3);
    expect(picks.map((m) => m.title)).not.toContain('Oldboy');
    for (const m of picks) expect(m.original_language).toBe('ko');
  });

  it('"top gun maverick pls, my dad\'s been asking…": a sequel the catalog lacks, typed as the first clause', async () => {
    const { message, picks } = await ask("top gun maverick pls, my dad's been asking about it all week");
    expect(message).toContain(NOT_IN_CATALOG);
    expect(message).toMatch(/Top Gun/);
    expect(picks).toEqual([]);
    // A first clause with a request after it is no title alone.
    const heat = chat.engine.parse('heat, something like it but funnier');
    expect(heat.like?.movie?.title).toBe('Heat');
  });
});

describe('decision 0132: words that are no title', () => {
  it('"something we can all watch on Friday" names no film Friday', async () => {
    const message =
      'I want a LIVE ACTION adventure we can all watch on Friday - treasure, quests, a bit of excitement';
    const q = chat.engine.parse(message);
    expect(q.like).toBeUndefined();
    expect(q.genresOut).toContain(GENRE.animation);
    // A film of that name after a cue is still one.
    expect(chat.engine.parse('loved Friday, the ice cube one. more like it').like?.movie?.title).toBe(
      'Friday',
    );
  });

  it('"I\'d really like actual live-action Japanese films": a language is no title the catalog lacks', async () => {
    const { message, picks } = await ask("I'd really like actual live-action Japanese films");
    expect(message).not.toContain(NOT_IN_CATALOG);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) {
      expect(m.original_language).toBe('ja');
      expect(m.genre_ids).not.toContain(GENRE.animation);
    }
  });

  it('"good movies about journalists digging into a story? … more of that": a topic, not a missing title', async () => {
    const message =
      'good movies about journalists digging into a story? just finished a true crime podcast and want more of that investigative feeling';
    const { message: reply, picks } = await ask(message);
    expect(reply).not.toContain(NOT_IN_CATALOG);
    expect(picks.length).toBeGreaterThanOrEqual(3);
    expect(chat.engine.parse(message).keywordsIn).toContain('journalist');
  });

  it('"we\'ve watched every Pixar movie… I want a live action adventure": the seen studio asks no animation', async () => {
    const { picks } = await ask('we watched every Pixar movie. I want a live action adventure');
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) expect(m.genre_ids).not.toContain(GENRE.animation);
    // Seen, with nothing ruled out, it asks for other animation as before.
    const { picks: more } = await ask('seen every pixar film, what else');
    for (const m of more) expect(m.genre_ids).toContain(GENRE.animation);
  });
});

describe('decision 0132: limits said in other ways', () => {
  it('"nothing after the 70s" is up to 1979; "nothing before the 80s" from 1980', async () => {
    expect(chat.engine.parse('old school sci fi classics, nothing after the 70s')).toMatchObject({
      yearTo: 1979,
    });
    expect(chat.engine.parse('old school sci fi classics, nothing after the 70s').yearFrom).toBeUndefined();
    expect(chat.engine.parse('a thriller, nothing before the 80s')).toMatchObject({ yearFrom: 1980 });
    expect(chat.engine.parse('a thriller, nothing older than the 90s')).toMatchObject({ yearFrom: 1990 });
    // Said plainly, the bound is as before.
    expect(chat.engine.parse('a thriller after the 70s').yearFrom).toBe(1980);
  });

  it('"80 minutes of screen max" is a length; "not mine" rules out no mines', () => {
    const q = chat.engine.parse(
      "my 4yo gets 80 minutes of screen max before bed (her mum's rule not mine) - a cartoon that fits?",
    );
    expect(q.runtimeMax).toBe(80);
    expect(q.keywordsOut).not.toContain('mine');
  });
});

describe('decision 0132: people', () => {
  it('"that guy who played walter white, bryan cranston - what movies is he in": the person, no films', async () => {
    const { message, picks } = await ask(
      'that guy who played walter white, bryan cranston - what movies is he in besides breaking bad?',
    );
    expect(picks).toEqual([]);
    expect(message).toMatch(/Bryan Cranston/);
    // "what else has he done" without a name found is still a question about a person: no films.
    const keanu = await ask(
      'keanu binge is going strong. what else has he done besides john wick and the matrix?',
    );
    expect(keanu.picks).toEqual([]);
    expect(keanu.message).toMatch(/can't look up people/);
    expect(keanu.message).not.toMatch(/Keanu Binge/);
  });
});

describe('decision 0132: a question about a film shown', () => {
  it('"the first one u listed - is it depressing? not in the mood for sad" is answered from the list', async () => {
    const { message, shown } = await playConversation(chat.engine, chat.catalog, [
      'I want a good thriller for tonight',
      'the first one u listed - is it depressing? not in the mood for sad',
    ]);
    expect(shown[1]).toEqual([]);
    const first = chat.catalog.get(shown[0]![0]!)!;
    expect(message).toContain(first.title);
    expect(message).toMatch(/sad/);
  });
});

describe('decision 0132: what the story says is no request', () => {
  it('"needs zero thought and is funny": a negation ends before a clause of its own', async () => {
    const q = chat.engine.parse(
      'extremely hungover. brain at 10% battery. put something on for me that needs zero thought and is funny',
    );
    expect(q.genresOut).not.toContain(GENRE.comedy);
    expect(q.genreGroups.flat()).toContain(GENRE.comedy);
    // A list goes on as before: "no gore and no jump scares", "no horror or gore".
    expect(chat.engine.parse('a thriller with no gore or jump scares').keywordsOut).toEqual(
      expect.arrayContaining(['gore', 'jump scare']),
    );
  });

  it('"falls asleep the second subtitles appear": English films; "ages range from 6 to 78": a child watches', async () => {
    const { picks } = await ask(
      'christmas eve w the in-laws. ages range from 6 to 78 and my father in law falls asleep the second subtitles appear. something festive everybody can sit through??',
    );
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) {
      expect(m.original_language).toBe('en');
      expect(m.keywords).toContain('christmas');
    }
    expect(chat.engine.parse('ages 9 to 82, after dinner we put a film on').childAge).toBe(9);
  });

  it('"everything she suggests is 3 hours long… under 2.5 hrs": a length said of what is, no request', async () => {
    const { picks } = await ask(
      'coworker keeps telling me to try bollywood but everything she suggests is 3 hours long. anything in hindi under 2.5 hrs?',
    );
    expect(picks.length).toBeGreaterThanOrEqual(3);
    for (const m of picks) {
      expect(m.original_language).toBe('hi');
      expect(m.runtime!).toBeLessThan(150);
    }
    const long = chat.engine.parse('give me a 3+ hour monster of a film, the longer the better');
    expect(long.runtimeMin).toBe(180);
    expect(long.keywordsIn).not.toContain('monster');
  });

  it('"thanksgiving is at our house this year": the year of the story, no recent films', () => {
    expect(chat.engine.parse('Thanksgiving is at our house this year, 14 people').yearFrom).toBeUndefined();
    expect(chat.engine.parse('a comedy from this year').yearFrom).toBeDefined();
  });

  it('"seen every world war 2 movie ever made… anything that ISN\'T ww2": seen gives way to ruled out', async () => {
    const q = chat.engine.parse(
      "he's seen literally every world war 2 movie ever made. war films, basically anything that ISN'T ww2",
    );
    expect(q.keywordsOut).toContain('world war ii');
    expect(q.keywordsIn).not.toContain('world war ii');
    // "ever made" alone is no rating; after a superlative it is.
    expect(q.minRating).toBeUndefined();
    const best = chat.engine.parse('best horror movies ever made');
    expect(best.minRating).toBeGreaterThanOrEqual(7);
    // Only "ever made" is read: the kind stays asked for.
    expect(best.genreGroups).toEqual([[GENRE.horror]]);
    // Seen, with nothing ruled out, more of it is wanted.
    expect(chat.engine.parse('seen every zombie movie, what else').keywordsIn).toContain('zombie');
  });

  it('"i found my old amelie dvd… what else feels like that": like Amélie, whatever the story around it', async () => {
    const message =
      'just moved into a new flat, the cat has been hiding for 2 days. anyway while unpacking i found my old amelie dvd and it made me so happy. what else feels like that. also the wifi isnt set up yet so im typing this on my phone in the dark';
    const q = chat.engine.parse(message);
    expect(q.like?.movie?.title).toBe('Amélie');
    expect(q.social).toBeUndefined();
    expect(q.moods).not.toContain('dark');
    expect(q.moods).not.toContain('classic');
  });

  it('"which of those is the least raunchy?" orders the films shown, the fewest sexual themes first', async () => {
    const { message, shown } = await playConversation(chat.engine, chat.catalog, [
      'films in spanish?',
      'only comedies',
      'which of those is the least raunchy? want to watch with my abuela',
    ]);
    expect(shown[2]!.slice().sort()).toEqual(shown[1]!.slice().sort());
    expect(message).toMatch(/cleanest/);
  });
});

describe('decision 0132: other languages, indifference, praise', () => {
  it('typos are corrected in English only: "curte" is no "curta" (short), "novio" no "nouveau" (new)', () => {
    const pt = chat.engine.parse(
      'oi! queria uma comédia leve pra assistir com a minha mãe no domingo, ela não curte muito palavrão',
    );
    expect(pt.runtimeMax).toBeUndefined();
    expect(pt.genreGroups.flat()).toContain(GENRE.comedy);
    const es = chat.engine.parse('busco una peli de terror para ver con mi novio este finde');
    expect(es.yearFrom).toBeUndefined();
    expect(es.genreGroups).toEqual([[GENRE.horror]]);
    // An English typo is still corrected.
    expect(chat.engine.parse('a scary horor movie').genreGroups.flat()).toContain(GENRE.horror);
  });

  it('"dont care if its drama or thriller": allowed, neither asked for nor ruled out', () => {
    const q = chat.engine.parse(
      'any good movies about chess? dont care if its drama or thriller or whatever',
    );
    expect(q.genresOut).toEqual([]);
    expect(q.genreGroups).toEqual([]);
    expect(q.keywordsIn).toContain('chess');
  });

  it('"i\'m in love with it" praises the film named; "feel a bit less alone" rules nothing out', () => {
    const q = chat.engine.parse("just finished hunt for the wilderpeople and i'm in love with it. similar??");
    expect(q.like?.movie?.title).toBe('Hunt for the Wilderpeople');
    expect(q.moods).not.toContain('romantic');
    expect(
      chat.engine.parse('films about grief. i need a proper cry and to feel a bit less alone').keywordsOut,
    ).not.toContain('alone');
  });

  it('a theme dropped to fill a list is not claimed in its heading', async () => {
    const { message, shown } = await playConversation(chat.engine, chat.catalog, [
      'disaster movies',
      'ok but shorter ones, under 2 hours',
      'and nothing newer than 2000',
    ]);
    const films = shown[2]!.map((id) => chat.catalog.get(id)!);
    // Too few disaster films fit after the two shown lists: the list is filled, and says so.
    expect(films.every((m) => m.keywords.includes('disaster movie'))).toBe(false);
    expect(message.split('\n')[0]).not.toMatch(/disaster/);
    expect(message).toMatch(/couldn't find enough films about/);
  });
});

describe('decision 0132: questions about the films shown, people asked about by their films', () => {
  it('"which has the most quotable one liners": what the catalog cannot tell is said so, the list kept', async () => {
    const { message, shown } = await playConversation(chat.engine, chat.catalog, [
      'cheesy 80s action for beer night',
      'which has the most quotable one liners lol',
    ]);
    expect(shown[1]!.slice().sort()).toEqual(shown[0]!.slice().sort());
    expect(message).toMatch(/can't tell that/);
    // A measure it has is answered by it: the twists.
    const twist = await playConversation(chat.engine, chat.catalog, [
      'a thriller',
      'which one has the best twist?',
    ]);
    expect(twist.message).toMatch(/twistiest/);
  });

  it('"bong joon ho films ranked? ive only seen snowpiercer": the person\'s films are asked, no films like the one seen', async () => {
    const { message, picks } = await ask('bong joon ho films ranked? ive only seen snowpiercer so far');
    expect(picks).toEqual([]);
    expect(message).toMatch(/can't look up people/);
    // A film named as what is wanted still says more than the person (decision 0105).
    expect(chat.engine.parse("I loved Nolan's Inception, anything like it?").like?.movie?.title).toBe(
      'Inception',
    );
  });

  it('"i only really know the hurt locker": a title after "know" is a film named, in lower case too', async () => {
    const { message, picks } = await ask('kathryn bigelow movies? i only really know the hurt locker');
    expect(picks).toEqual([]);
    expect(message).toMatch(/Kathryn Bigelow/);
  });
});

describe('decision 0132: where a name ends', () => {
  it('"just watched hereditary and i havent slept properly": the name ends before a clause of its own', async () => {
    const { message } = await ask(
      'just watched hereditary and i havent slept properly since. what else messes you up like that',
    );
    expect(message).toMatch(/"hereditary" isn't in our catalog/i);
    // A title that ends with its pronoun keeps it.
    expect(chat.engine.parse('loved the king and i, more like it').like?.movie?.title).toBe('The King and I');
    expect(chat.engine.parse('loved pride and prejudice, more like it').like?.movie?.title).toBe(
      'Pride & Prejudice',
    );
  });
});

describe('decision 0132: never a wrong "not in our catalog"', () => {
  it.each([
    ['sooo hungover. need the movie equivalent of a grilled cheese'],
    ['i watch stuff at like 9am with blackout curtains. i want a movie thats sci-fi but the realistic kind'],
    ['any good ones about journalists digging up corruption? like reporters vs powerful people'],
  ])('"%s" names no film', async (message) => {
    const { message: reply, picks } = await ask(message);
    expect(reply).not.toContain(NOT_IN_CATALOG);
    expect(picks.length).toBeGreaterThanOrEqual(3);
  });

  it('"eternal sunshine of the spotless whatever": the words forgotten end the title typed', async () => {
    const q = chat.engine.parse(
      'eternal sunshine of the spotless whatever. the sad jim carrey one. want more like that',
    );
    expect(q.like?.movie?.title).toBe('Eternal Sunshine of the Spotless Mind');
    // Without a placeholder nothing changes; one after words no title begins with names nothing.
    expect(chat.engine.resolveTitle('eternal sunshine of the spotless mind')?.confidence).toBe(1);
    expect(chat.engine.resolveTitle('zxq vlorp whatever')?.confidence ?? 0).toBeLessThan(0.75);
  });
});
