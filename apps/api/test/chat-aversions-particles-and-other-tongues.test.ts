import { GENRE } from '../src/modules/chat/understand/lexicon';
import { describe, expect, it } from 'vitest';
import { NO_PEOPLE_MARKERS } from '../src/modules/chat/reply-language';
import { NOT_IN_CATALOG_MARKERS } from '../src/modules/chat/wording';
import { chatSuite } from './helpers/catalog';

/**
 * Decision 0151: what turns a viewer's stomach is left out; "doesn't really watch anything in
 * English" rules English out; "teen" is a kind of film (not when a teenager watches); a question
 * about something else that types a title of ordinary words is still that question; a surname's
 * particle ("de", "van") is part of a name; German adjectives with their endings; "seen them all,
 * any others?" in every language read; a suggestion turned down with "but"; someone's words quoted.
 */
const chat = chatSuite();
const saysMissing = (message: string) => NOT_IN_CATALOG_MARKERS.some((m) => message.includes(m));
const saysNoPeople = (message: string) =>
  NO_PEOPLE_MARKERS.some((m) => message.toLowerCase().includes(m.toLowerCase()));
const TEEN = /^(?:teen|teenage|high school)/;
const isTeen = (keywords: readonly string[]) => keywords.some((k) => TEEN.test(k));

describe('aversions and what a viewer does not watch', () => {
  it('"queasy with anything bloody or horror-ish" leaves horror out', async () => {
    const a = await chat.ask('he gets really queasy with anything bloody or horror-ish. a feel-good comedy');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const m of a.picks) expect(m.genre_ids, m.title).not.toContain(GENRE.horror);
  });

  it.each([
    ["my grandma doesn't really watch anything in english. french dramas please", 'fr'],
    ["she won't see anything in english, spanish comedies", 'es'],
  ])('"%s": every pick in that language', async (message, lang) => {
    const a = await chat.ask(message);
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const m of a.picks) expect(m.original_language, m.title).toBe(lang);
  });

  it('"i don\'t really like horror" rules horror out', () => {
    expect(chat.engine.parse("i don't really like horror, a comedy").genresOut).toContain(GENRE.horror);
  });
});

describe('teen films', () => {
  it('"2000s teen comedies": teen comedies of the 2000s', async () => {
    const a = await chat.ask('2000s teen comedies, peak nostalgia please');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const m of a.picks) {
      expect(isTeen(m.keywords), m.title).toBe(true);
      expect(m.genre_ids, m.title).toContain(GENRE.comedy);
    }
  });

  it('"none of the teen ones" after 80s comedies keeps the comedies and leaves the teen ones out', async () => {
    const [, second] = await chat.conversation('80s comedies', 'none of the teen ones please');
    expect(second!.films.length).toBeGreaterThanOrEqual(3);
    for (const m of second!.films) {
      expect(isTeen(m.keywords), m.title).toBe(false);
      expect(m.genre_ids, m.title).toContain(GENRE.comedy);
    }
  });

  it('a teenager watching is the audience; a teenage girl in the story is a theme (guard)', () => {
    expect(chat.engine.parse('my teenage son wants a horror film').keywordsIn).not.toContain('teen movie');
    expect(chat.engine.parse('a film about a teenage girl').keywordsIn).toContain('teenage girl');
  });
});

describe('a question about something else', () => {
  it('"who won the game last night" names no film', async () => {
    const a = await chat.ask('who won the game last night');
    expect(a.picks).toHaveLength(0);
  });

  it('a well-known title of rare words is still the film (guard)', async () => {
    const a = await chat.ask('shawshank redemption... is it actually worth the hype');
    expect(a.picks[0]?.title).toBe('The Shawshank Redemption');
  });
});

describe('names with particles', () => {
  it.each([
    'Quels sont les meilleurs films avec Louis de Funès ?',
    'louis de funes films',
    'van damme movies',
    'a film with de niro',
  ])('"%s" says people cannot be looked up', async (message) => {
    const a = await chat.ask(message);
    expect(saysNoPeople(a.message), a.message).toBe(true);
  });

  it('"films like la la land" is the film (guard)', () => {
    expect(chat.engine.parse('films like la la land').like?.movie?.title).toBe('La La Land');
  });
});

describe('other languages', () => {
  it('German adjectives with their endings: "einen gemütlichen Abend zu zweit"', async () => {
    const a = await chat.ask('Ich suche einen Film für einen gemütlichen Abend zu zweit.');
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    expect(a.picks.some((m) => m.genre_ids.includes(GENRE.romance))).toBe(true);
    expect(chat.engine.parse('etwas Gruseliges bitte').genreGroups).toContainEqual([GENRE.horror]);
  });

  it.each([
    ["Ciao! Mi consigli un bel film d'animazione per bambini?", 'Li abbiamo già visti tutti! Ne hai altri?'],
    ['¿Me recomiendas películas de animación?', 'Ya las vimos todas. ¿Tienes otras?'],
    ["Des films d'animation pour les enfants ?", "On les a déjà tous vus ! Vous en avez d'autres ?"],
    ['Zeichentrickfilme für Kinder, bitte', 'Die haben wir schon alle gesehen. Hast du andere?'],
  ])('"%s" then "%s": other films', async (first, second) => {
    const [a, b] = await chat.conversation(first, second);
    expect(a!.films.length).toBeGreaterThanOrEqual(3);
    expect(b!.films.length).toBeGreaterThanOrEqual(3);
    const shown = new Set(a!.films.map((m) => m.id));
    for (const m of b!.films) expect(shown.has(m.id), m.title).toBe(false);
  });
});

describe('the story around a request', () => {
  it('a suggestion turned down with "but" is left out', async () => {
    const a = await chat.ask(
      "i was thinking a nature documentary. my flatmate suggested some true crime doc but that's the opposite of relaxing lol",
    );
    expect(a.picks.length).toBeGreaterThanOrEqual(3);
    for (const m of a.picks) expect(m.keywords, m.title).not.toContain('true crime');
    const q = chat.engine.parse(
      "exams soon, i want a break. i was thinking a documentary, nature, animals. my flatmate suggested some true crime doc but that's the opposite of relaxing lol",
    );
    expect(q.keywordsIn).not.toContain('true crime');
    expect(q.keywordsOut).toContain('true crime');
  });

  it('a suggestion liked is still the request (guard)', () => {
    expect(
      chat.engine.parse('my friend recommended inception and i loved it. more like that').like?.movie?.title,
    ).toBe('Inception');
  });

  it('"he said it \'looked old\'" quotes his words, no title', async () => {
    const a = await chat.ask(
      "he said it 'looked old' which, rude. so a comedy from 2012 or later? recent-ish",
    );
    expect(saysMissing(a.message), a.message).toBe(false);
    expect(chat.engine.parse('a comedy from 2012 or later, recent-ish').yearFrom).toBe(2012);
    for (const m of a.picks)
      expect(Number(m.release_date?.slice(0, 4)), m.title).toBeGreaterThanOrEqual(2012);
  });
});
