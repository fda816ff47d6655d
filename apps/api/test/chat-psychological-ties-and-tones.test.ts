import { describe, expect, it } from 'vitest';
import { GENRE } from '../src/modules/chat/understand/lexicon';
import { REPLY_PHRASES } from '../src/modules/chat/reply-language';
import { detectLanguage, tokenize } from '../src/modules/chat/understand/text';
import { NOT_IN_CATALOG_MARKERS } from '../src/modules/chat/wording';
import { chatSuite, freshConversation as fresh } from './helpers/catalog';

/**
 * Decision 0144: "psychological" is a mind under strain, a tie between languages' function words is
 * told by the message's letters, a tone said of a kind filters when a whole list carries it, a
 * theme's own languages count as asked, a likeness inside "do you have …?" asks for films like it,
 * and "nothing X or with Y" rules out both.
 */
const chat = chatSuite();
const ask = (message: string) => chat.engine.answer(message, fresh());
const INCEPTION = 27205;
const MEMENTO = 77;
const SHUTTER_ISLAND = 11324;

describe('"psychological" is a mind under strain', () => {
  it('a psychological thriller is no dream or time-travel film', async () => {
    const a = await ask('a good psychological thriller');
    const ids = a.picks.map((p) => p.movie.id);
    expect(ids).toEqual(expect.arrayContaining([MEMENTO, SHUTTER_ISLAND]));
    expect(ids).not.toContain(INCEPTION);
    expect(a.message).toMatch(/^Here are five psychological thrillers/);
    for (const p of a.picks) expect(p.movie.genre_ids).toContain(GENRE.thriller);
  });
});

describe('a tie between function words is told by the letters', () => {
  it.each([
    ['un thriller psychologique', 'fr'],
    ['un film comico degli anni 80', 'it'],
    ['um filme de terror', 'pt'],
    ['una comedia romantica', 'es'],
    ['nada violento ni con sexo', 'es'],
    ['qualcosa da vedere con la famiglia', 'it'],
    ['something like con air', 'en'],
  ])('"%s" is %s', (message, lang) => {
    expect(detectLanguage(tokenize(message))).toBe(lang);
  });
});

describe('a tone said of a kind', () => {
  it('"funny animated movies, for me not for kids": animated comedies, none for families', async () => {
    const a = await ask('funny animated movies, for me not for kids lol');
    expect(a.picks).toHaveLength(5);
    for (const p of a.picks) {
      expect(p.movie.genre_ids).toEqual(expect.arrayContaining([GENRE.animation, GENRE.comedy]));
      expect(p.movie.genre_ids).not.toContain(GENRE.family);
    }
  });

  it('"scary animated films" still ranks by the tone: few animated films are horror films', async () => {
    const a = await ask('scary animated films');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of a.picks) expect(p.movie.genre_ids).toContain(GENRE.animation);
    expect(a.picks.some((p) => !p.movie.genre_ids.includes(GENRE.horror))).toBe(true);
  });
});

describe("a theme's own languages count as asked", () => {
  it('kung fu comedies include a Hong Kong one', async () => {
    const a = await ask('any kung fu comedies?');
    expect(a.picks.some((p) => ['cn', 'zh'].includes(p.movie.original_language))).toBe(true);
    for (const p of a.picks) expect(p.movie.genre_ids).toContain(GENRE.comedy);
  });
});

describe('"not in our catalog" in the reader\'s language; a likeness inside "do you have …?"', () => {
  it.each([
    ['tienes algo parecido a inception?', /^Aquí tienes cinco películas en la línea de \*\*\[Inception\]/],
    ['habt ihr etwas ähnliches wie inception?', /^Hier sind fünf Filme in der Art von \*\*\[Inception\]/],
    ['avez-vous quelque chose comme inception ?', /^Voici cinq films dans la veine de \*\*\[Inception\]/],
    ['avete qualcosa di simile a inception?', /^Ecco cinque film sulla linea di \*\*\[Inception\]/],
  ])('"%s" asks for films like Inception', async (message, head) => {
    const a = await ask(message);
    expect(a.message).toMatch(head);
    expect(a.picks).toHaveLength(5);
    for (const missing of NOT_IN_CATALOG_MARKERS) expect(a.message).not.toContain(missing);
  });

  it.each(Object.entries(REPLY_PHRASES))('%s says a missing title with its marker', (_, phrases) => {
    expect(phrases.notInCatalog('Dune 2')).toMatch(/^"Dune 2" /);
    expect(phrases.notInCatalog('Dune 2')).toContain(phrases.missing);
    expect(NOT_IN_CATALOG_MARKERS).toContain(phrases.missing);
  });

  it.each([
    ['avez-vous oppenheimer ?', /^"oppenheimer" n'est pas dans notre catalogue sous ce nom/],
    ['habt ihr barbie?', /^"barbie" ist unter diesem Namen nicht in unserem Katalog/],
    ['vocês têm oppenheimer?', /^"oppenheimer" não está no nosso catálogo com esse nome/],
  ])('"%s" is said missing in its language', async (message, said) => {
    const a = await ask(message);
    expect(a.message).toMatch(said);
    expect(a.picks).toEqual([]);
  });
});

describe('"nothing X or with Y" rules out both', () => {
  it('"nothing too violent or with sex scenes" asks for no sex films', async () => {
    const q = chat.engine.parse(
      'Watching with my parents tonight. Nothing too violent or with sex scenes please.',
    );
    expect(q.comparative).toBe('less violent');
    expect(q.keywordsOut).toEqual(expect.arrayContaining(['sex', 'sex scene', 'nudity']));
    expect(q.keywordsIn).not.toContain('sex');
    const a = await ask('Watching with my parents tonight. Nothing too violent or with sex scenes please.');
    expect(a.message).not.toMatch(/sex films/);
    for (const p of a.picks) expect(p.movie.keywords).not.toContain('sex');
  });
});

describe('themes a film lover names', () => {
  it('"car chases" asks for films with car chases, not any action film', async () => {
    const a = await ask('action flicks w/ sick car chases 🔥🔥');
    expect(a.picks).toHaveLength(5);
    for (const p of a.picks) expect(p.movie.keywords).toContain('car chase');
  });

  it('"90s blockbusters" are the decade\'s big spectacles, not films about the word', async () => {
    const q = chat.engine.parse('best 90s blockbusters');
    expect(q.moods).toContain('blockbuster');
    expect(q.keywordsIn).toEqual([]);
    const a = await ask('best 90s blockbusters');
    expect(a.message).not.toMatch(/whose story has/);
    expect(a.picks.map((p) => p.movie.id)).toContain(329); // Jurassic Park
    for (const p of a.picks) expect(p.movie.release_date?.slice(0, 3)).toBe('199');
  });

  it('"is coco any good? the pixar one": the catalog\'s Coco (2009) is no Pixar film, so that one is missing', async () => {
    const a = await ask('is coco any good? the pixar one');
    expect(a.message).toMatch(/^"coco" isn't in our catalog/);
    const brave = await ask('is brave any good? the pixar one');
    expect(brave.message).toMatch(/^\*\*\[Brave\]\(\/movie\/62177\)\*\*/);
  });
});

describe('follow-ups that keep the thread', () => {
  it('"algo más antiguo, de los años 70 u 80" is older, 1970-1989 (no viewer of 80)', () => {
    const q = chat.engine.parse('algo más antiguo, de los años 70 u 80');
    expect([q.followUp, q.yearFrom, q.yearTo, q.elder]).toEqual(['older', 1970, 1989, undefined]);
    expect(chat.engine.parse('gli anni 70 e 80')).toMatchObject({ yearFrom: 1970, yearTo: 1989 });
    expect(chat.engine.parse('a film for my grandpa, he is 85 yo').elder).toBe(true);
  });

  it('"more like the second one" after "time travel movies" stays with time travel', async () => {
    const state = fresh();
    const first = await chat.engine.answer('time travel movies!', state);
    state.lastPicks = first.picks.map((p) => p.movie.id);
    state.suggested.push(...state.lastPicks);
    state.lastIntent = { ...first.intent, like: undefined };
    const second = first.picks[1]!.movie;
    expect(second.keywords).toContain('time travel');
    const more = await chat.engine.answer('more like the second one', state);
    expect(more.seed?.id).toBe(second.id);
    expect(more.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of more.picks) expect(p.movie.keywords).toContain('time travel');
  });
});
