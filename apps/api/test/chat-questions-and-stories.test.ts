import { describe, expect, it } from 'vitest';
import { MOODS, GENRE } from '../src/modules/chat/understand/lexicon';
import { chatSuite, freshConversation, playConversation } from './helpers/catalog';

// Decision 0136: a question is read from its own sentence (the rest of the message is the story
// around it); a franchise's question is the franchise's; "is X good?", "is X overhyped?" get a
// verdict; a long message that asked for a kind of film tells a story around it, whose words are no
// themes; "nobody dies" rules out films built on death; the sad mood leans to dramas of loss.
const chat = chatSuite();
const play = (messages: string[]) => playConversation(chat.engine, chat.catalog, messages);

const STAR_WARS = 10;
const MISSION_IMPOSSIBLE = 87359;
const TOY_STORY = 10194;

describe('a question among other sentences is read from its own sentence', () => {
  it('"how long is lawrence of arabia?? my uncle wants us to watch it…": its runtime, no list', async () => {
    const r = await play([
      'how long is lawrence of arabia?? my uncle wants us to watch it on christmas and im scared',
    ]);
    expect(r.message).toMatch(/Lawrence of Arabia/);
    expect(r.message).toMatch(/3 h 36 min/);
    expect(r.message).toContain('(/movie/947)');
    // Its own card only (decision 0137), no list of Christmas films.
    expect(r.movies.map((m) => m.id)).toEqual([947]);
  });

  it('"which mission impossible is the best one? be honest": the franchise, best rated first', async () => {
    const r = await play(['which mission impossible is the best one? be honest']);
    expect(r.movies.length).toBeGreaterThanOrEqual(4);
    for (const m of r.movies) expect(m.collection?.id, m.title).toBe(MISSION_IMPOSSIBLE);
    const ratings = r.movies.map((m) => m.vote_average);
    expect(ratings[0]).toBe(Math.max(...ratings));
  });

  it('"what order do i watch star wars in??": the franchise in release order, not a fact of one film', async () => {
    const r = await play([
      'what order do i watch star wars in?? release order or the episode numbers. first time ever',
    ]);
    expect(r.movies.length).toBeGreaterThanOrEqual(6);
    for (const m of r.movies) expect(m.collection?.id, m.title).toBe(STAR_WARS);
    const dates = r.movies.map((m) => m.release_date ?? '');
    expect(dates).toEqual([...dates].sort());
  });

  it('"only ever seen the first toy story. do the sequels hold up?": the franchise, judged', async () => {
    const r = await play([
      'only ever seen the first toy story as a kid. do the sequels hold up for an adult?',
    ]);
    expect(r.movies.length).toBeGreaterThanOrEqual(2);
    for (const m of r.movies) expect(m.collection?.id, m.title).toBe(TOY_STORY);
    expect(r.message).toMatch(/within a point|Worth your time/);
  });
});

describe('"is X good?" gets a verdict', () => {
  it.each([
    ['is the shawshank redemption as good as everyone says or is it overhyped', 'The Shawshank Redemption'],
    ['is inception actually good?', 'Inception'],
  ])('%j', async (message, title) => {
    const r = await play([message]);
    expect(r.message.startsWith(`**[${title}]`), r.message).toBe(true);
    expect(r.message).toMatch(/is rated \d\.\d by [\d,]+ viewers/);
  });

  it('a title the catalog lacks, asked about in its own sentence, is said missing', async () => {
    const r = await play(['is everything everywhere all at once good? thinking about watching it tonight']);
    expect(r.message).toMatch(/"Everything Everywhere All At Once" isn't in our catalog/);
    expect(r.movies).toEqual([]);
  });
});

describe('a long message that asked for a kind of film tells a story around it', () => {
  const mindBending = MOODS.find((m) => m.mood === 'mind-bending')!.genres!;
  it.each([
    [
      'give me something that melts my brain a little. i want to need a second watch and a reddit thread to get it',
      ['thread'],
    ],
    [
      "give me something that'll leave me staring at the wall for 20 min after it ends trying to figure out what i just watched",
      ['staring', 'wall', 'trying'],
    ],
  ])('%j', async (message, story) => {
    const q = chat.engine.parse(message);
    expect(q.moods).toContain('mind-bending');
    for (const w of story) expect(q.themeWords).not.toContain(w);
    const a = await chat.engine.answer(message, freshConversation());
    expect(a.picks.length).toBe(5);
    for (const p of a.picks)
      expect(
        p.movie.genre_ids.some((g) => mindBending.includes(g)),
        p.movie.title,
      ).toBe(true);
  });

  it('words said of a film named are what was liked in it, still read', () => {
    const q = chat.engine.parse(
      'i want another movie like The Social Network - fast dialogue, real-life business/tech drama',
    );
    expect(q.themeWords).toEqual(expect.arrayContaining(['dialogue']));
  });
});

describe('"nobody dies" and a proper cry', () => {
  it('"a drama where nobody dies": no war, horror, crime, thriller, action or western, no death tagged', async () => {
    const a = await chat.engine.answer('a drama where nobody dies', freshConversation());
    expect(a.picks.length).toBe(5);
    const killing = [GENRE.war, GENRE.horror, GENRE.crime, GENRE.thriller, GENRE.action, GENRE.western];
    for (const p of a.picks) {
      expect(p.movie.genre_ids).toContain(GENRE.drama);
      for (const g of killing) expect(p.movie.genre_ids, p.movie.title).not.toContain(g);
      for (const k of ['death', 'dying', 'murder', 'suicide', 'terminal illness'])
        expect(p.movie.keywords, p.movie.title).not.toContain(k);
    }
    expect(a.message).toMatch(/none of them about death/);
  });

  it('"isn\'t depressing. no one dying of cancer": still nothing sad, and cancer ruled out, not asked for', () => {
    const q = chat.engine.parse("I want a drama that isn't depressing. no one dying of cancer pls");
    expect(q.notMoods).toContain('sad');
    expect(q.soft.dark).toBe(-1);
    expect(q.keywordsOut).toContain('cancer');
    expect(q.keywordsIn).not.toContain('cancer');
  });

  it('"a movie about a dog where the dog doesn\'t die" rules death out too', () => {
    const q = chat.engine.parse("a movie about a dog where the dog doesn't die");
    expect(q.keywordsIn).toContain('dog');
    expect(q.keywordsOut).toContain('death');
  });

  it('"i need a proper cry": dramas and romances, none of them crime, action or horror', async () => {
    const a = await chat.engine.answer(
      "i need a proper cry. like ugly sobbing into a pillow cry. what's guaranteed to wreck me",
      freshConversation(),
    );
    expect(a.picks.length).toBe(5);
    for (const p of a.picks) {
      expect(p.movie.genre_ids.some((g) => g === GENRE.drama || g === GENRE.romance)).toBe(true);
      for (const g of [GENRE.crime, GENRE.action, GENRE.horror])
        expect(p.movie.genre_ids, p.movie.title).not.toContain(g);
    }
  });
});
