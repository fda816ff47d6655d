import { describe, expect, it } from 'vitest';
import { LANGUAGES_READ, NOT_IN_CATALOG_MARKERS, OFF_TOPIC } from '../src/modules/chat/wording';
import { chatSuite, freshConversation as fresh } from './helpers/catalog';

/**
 * Decision 0149: never a wrong "isn't in our catalog" for a person loved ("I adore Meryl Streep"),
 * a writer's manner ("Agatha Christie-style whodunits") or suggestions asked for in any language
 * ("Vous avez des idées ?"); a weather question is no film request whatever its word; a
 * nationality before a name ("the French Revolution") asks for no language, nor does a word heard
 * by ear ("plushie" is no "polish"); years someone cannot bear bound the other way; "those old
 * Ocean's movies" are the franchise, not a documentary called Oceans.
 */
const chat = chatSuite();
const ask = (message: string) => chat.engine.answer(message, fresh());
const saysMissing = (message: string) => NOT_IN_CATALOG_MARKERS.some((m) => message.includes(m));
const year = (m: { release_date: string | null }) => Number(m.release_date?.slice(0, 4));
const OCEANS_ELEVEN = 161;
const OCEANS_COLLECTION = 304;

describe('a person loved is no missing title', () => {
  it.each(['I adore Meryl Streep. What should I watch next?', 'big fan of tom hanks, what should i watch'])(
    '"%s" says people cannot be looked up',
    async (message) => {
      const a = await ask(message);
      expect(saysMissing(a.message), a.message).toBe(false);
      expect(a.message).toMatch(/can't look up people/);
    },
  );
});

describe("a maker's manner is no missing title", () => {
  it.each([
    "Agatha Christie-style whodunits, where everyone's a suspect",
    'a Stephen King-esque horror film',
  ])('"%s" asks for films, no title said missing', async (message) => {
    const a = await ask(message);
    expect(saysMissing(a.message), a.message).toBe(false);
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
  });

  it('a film the catalog lacks, said as a likeness, is still said missing', async () => {
    const a = await ask('Oppenheimer vibes please');
    expect(saysMissing(a.message), a.message).toBe(true);
  });
});

describe('a degree and a word describe films', () => {
  it.each([
    "i want something SO bad it's good. like famously terrible, lowest rated but fun to laugh at",
    'something like seriously creepy, with ghosts',
  ])('"%s" names no title', async (message) => {
    const a = await ask(message);
    expect(saysMissing(a.message), a.message).toBe(false);
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
  });

  it('"something like crazy stupid love" is still that film', async () => {
    const a = await ask('something like crazy stupid love');
    expect(a.seed?.title).toBe('Crazy, Stupid, Love.');
  });
});

describe('suggestions asked for in any language', () => {
  it.each([
    "Bonjour, je cherche un film d'animation à regarder avec ma fille de 7 ans. Vous avez des idées ?",
    'Busco una película de animación para mi hija de 7 años. ¿Tienes alguna idea?',
    'Ich suche einen Animationsfilm für meine Tochter. Hast du Ideen?',
    "Cerco un film d'animazione per mia figlia. Hai qualche idea?",
    'Procuro um filme de animação para minha filha. Tem alguma sugestão?',
  ])('"%s" lists animated films and says nothing is missing', async (message) => {
    const a = await ask(message);
    expect(saysMissing(a.message), a.message).toBe(false);
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of a.picks) expect(p.movie.genre_ids, p.movie.title).toContain(16);
  });

  it('a title asked for by name is still looked up ("vous avez Amélie ?")', async () => {
    const a = await ask('vous avez Amélie ?');
    expect(a.picks[0]?.movie.title).toBe('Amélie');
  });
});

describe('the weather is no film request', () => {
  it.each(['is it going to storm this weekend?', 'will it rain tomorrow in london?', 'va a llover mañana?'])(
    '"%s" is redirected, no films',
    async (message) => {
      const a = await ask(message);
      expect(a.picks).toEqual([]);
    },
  );

  it('"a movie about a big storm" still lists films', async () => {
    const a = await ask('a movie about a big storm');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
  });
});

describe('languages read only where they are asked', () => {
  it('"an essay about the French Revolution … something stupid-funny" asks for no French films', async () => {
    const a = await ask(
      'I wrote an essay about the French Revolution in my sleep. my brain is mush, we want something stupid-funny, no horror',
    );
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    expect(a.picks.some((p) => p.movie.original_language !== 'fr')).toBe(true);
    expect(a.intent.languages).not.toContain('fr');
  });

  it.each([
    ['I want a French Comedy', 'fr'],
    ['Looking for Korean Thrillers', 'ko'],
  ])('"%s" still asks for its language', async (message, lang) => {
    const a = await ask(message);
    for (const p of a.picks) expect(p.movie.original_language).toBe(lang);
  });

  it('"a stegosaurus plushie" is no Polish film, "polsh films" still is', async () => {
    const plush = await ask('dinosaur films for my son, he sleeps with a stegosaurus plushie');
    expect(plush.intent.languages).toEqual([]);
    expect(plush.picks.length).toBeGreaterThanOrEqual(3);
    const typo = await ask('polsh films please');
    for (const p of typo.picks) expect(p.movie.original_language).toBe('pl');
  });
});

describe('years someone cannot bear', () => {
  it.each([
    ['Grandpa mostly sleeps through anything made after 1975. a musical please', { to: 1975 }],
    ['my dad hates anything made after 1990, a western please', { to: 1990 }],
    ["she can't stand anything before 2000. a thriller?", { from: 2000 }],
  ] as const)('"%s"', async (message, bound) => {
    const a = await ask(message);
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of a.picks) {
      if ('to' in bound) expect(year(p.movie), p.movie.title).toBeLessThanOrEqual(bound.to);
      else expect(year(p.movie), p.movie.title).toBeGreaterThanOrEqual(bound.from);
    }
  });

  it('"i like anything after 2000" is still from 2001', async () => {
    const a = await ask('i like anything after 2000');
    for (const p of a.picks) expect(year(p.movie)).toBeGreaterThan(2000);
  });
});

describe('a franchise said with "movies"', () => {
  it('"we loved watching the Ocean\'s movies. a heist film in English?" is like Ocean\'s Eleven, none of them offered', async () => {
    const a = await ask("we loved watching the Ocean's movies. a heist film in English?");
    expect(a.seed?.id).toBe(OCEANS_ELEVEN);
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of a.picks) {
      expect(p.movie.genre_ids).not.toContain(99);
      expect(p.movie.collection?.id, p.movie.title).not.toBe(OCEANS_COLLECTION);
    }
  });
});

describe('a theme ruled out with its kin', () => {
  const SPACE = ['spaceship', 'spacecraft', 'space travel', 'space station', 'outer space', 'astronaut'];

  it('"sci-fi but without spaceships or aliens" lists no film set among the stars', async () => {
    const a = await ask(
      'I want sci-fi but without spaceships or aliens. Something more grounded, set on Earth.',
    );
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const p of a.picks) for (const k of SPACE) expect(p.movie.keywords, p.movie.title).not.toContain(k);
  });

  it('"astronaut films but no spaceship battles" still lists films set in space', async () => {
    const a = await ask('astronaut films but no spaceship battles');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    expect(a.picks.some((p) => p.movie.keywords.some((k) => SPACE.includes(k) || k === 'space'))).toBe(true);
  });
});

describe('a language the chat does not read', () => {
  it.each([
    'hoi, ik zoek een leuke animatiefilm voor mijn dochter van 6. niet te eng graag!',
    'Cześć, szukam dobrego filmu wojennego na wieczór z tatą. On lubi realistyczne filmy.',
    'Hej, jag letar efter en rolig film att se ikväll',
  ])('"%s" is told which languages it reads, with no films', async (message) => {
    const a = await ask(message);
    expect(a.picks).toEqual([]);
    expect(a.message).toBe(LANGUAGES_READ);
  });

  it.each(['can you help me write a cover letter for a job application?', "what's the capital of france?"])(
    '"%s" (English, off-topic) is still redirected as off-topic',
    async (message) => {
      const a = await ask(message);
      expect(a.message).toBe(OFF_TOPIC);
    },
  );
});

describe('the very best asked for', () => {
  it('"the highest rated movies you have? like the absolute best of the best" leads with the best rated', async () => {
    const plain = await ask('what are the highest rated movies you have?');
    const a = await ask('what are the highest rated movies you have? like the absolute best of the best');
    expect(a.picks.map((p) => p.movie.id)).toEqual(plain.picks.map((p) => p.movie.id));
    expect(a.picks[0]!.movie.vote_average).toBeGreaterThanOrEqual(8.3);
  });
});
