import { z } from 'zod';

/**
 * One language's words, as data (decision 0086). Validated when the chat loads: a phrase must be in
 * the form messages are read in (`normalize` in text.ts: lower case, accents folded, single
 * spaces), else it could never match anything typed.
 */
const phrase = z
  .string()
  .regex(
    /^[a-z0-9']+(?: [a-z0-9']+)*$/,
    'a phrase is lower-case ASCII words (accents folded), one space apart',
  );
/** A function word, as tokens are read (French elisions keep their apostrophe: "d'", "l'"). */
const word = z.string().regex(/^[a-z]+'?$/, 'a marker is one lower-case word');
const phrases = z.array(phrase).min(1);

export const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt'] as const;

export const LanguageLexiconSchema = z
  .object({
    lang: z.enum(LANGUAGES),
    /** Function words that tell the language a message is written in (`detectLanguage`). */
    markers: z.array(word).min(5),
    /** "hi", "bonjour": small talk that gets a greeting back when nothing else is asked. */
    greetings: phrases,
    /** "how does this work?", "what can you do?": asked of the chat itself, answered with what it does. */
    help: z.array(phrase).default([]),
    /** "thanks", "merci": a thank-you gets a "you're welcome". */
    thanks: phrases,
    /**
     * "like <title>" words that are ordinary words in English too (Italian "come", Portuguese
     * "tem"): read only in a message written in that language.
     */
    likePrefixes: phrases.optional(),
    /** Words that can only be about films ("movie", "pelicula"): a film request even beside off-topic words. */
    strongMovieContext: z.array(phrase).default([]),
    /** Words that make a message about films ("recommend", "algo", "quelque chose"). */
    movieContext: z.array(phrase).default([]),
    /** Words of questions that are not about films ("recipe", "wetter"): a short redirect. */
    offTopic: z.array(phrase).default([]),
    /** Tasks that are not choosing a film ("write me", "translate", "schreib"). */
    offTopicTasks: z.array(phrase).default([]),
    /** Lengths and eras said in words: "a short one" (at most 90 minutes), "not too long" (110), "a long film" (over 150). */
    short: z.array(phrase).default([]),
    notLong: z.array(phrase).default([]),
    long: z.array(phrase).default([]),
    /** "a miniseries": series wanted; "short films": shorts allowed. */
    series: z.array(phrase).default([]),
    shortFilms: z.array(phrase).default([]),
    /** "something recent" (the last few years), "a classic". */
    recent: z.array(phrase).default([]),
    classic: z.array(phrase).default([]),
    /** Setting films aside ("forget about the movie catalog and…"): the verb. */
    leaveVerbs: z.array(phrase).default([]),
    /** "specifically": a follow-up word that narrows the last request. */
    narrowing: z.array(phrase).default([]),
    /** "instead": the genres named replace the last request's. */
    replacing: z.array(phrase).default([]),
    /** The time someone lasts ("she gets restless after an hour and a half"). */
    attention: z.array(phrase).default([]),
    /**
     * Decision 0151: words that ask for nothing beside "another" in this language ("Li abbiamo già
     * visti tutti! Ne hai altri?", "On les a déjà tous vus"): having seen, having, all, them.
     */
    asksNothing: z.array(word).default([]),
    /**
     * Praise of the film asked for, slang included ("a sci-fi movie that slaps", "lowkey slept on but
     * actually fire"): how good it should be, never what it is about.
     */
    praise: z.array(phrase).default([]),
    /**
     * The chat itself judged ("you are the dumbest bot", "this bot is useless"): with nothing asked,
     * an apology and a way on, never films chosen from the words (decision 0159).
     */
    rebukes: z.array(phrase).default([]),
    /** How a film left someone ("can't stop thinking about it"): no theme. */
    reactions: z.array(phrase).default([]),
    /**
     * The films just named, set aside ("pero no esas, ya las vimos todas", "mais pas ceux-là"): their
     * franchise is ruled out. (English "but not those" stays with the films it follows: none here.)
     */
    seenThose: z.array(phrase).default([]),
    /**
     * Words of disliking, in any person ("odio", "mi novio odia", "er hasst", "ela odeia"): what
     * follows is ruled out, as after "hate" or "can't stand".
     */
    dislikes: z.array(phrase).default([]),
    /** A question that picks one of the films shown ("which of these…", "¿cuál de esas…?"). */
    whichOfShown: z.array(phrase).default([]),
    /** Words that select among the films shown without picking one ("any of those", "¿alguna de esas…?"). */
    anyOfShown: z.array(phrase).default([]),
  })
  .strict();

export type LanguageLexicon = z.infer<typeof LanguageLexiconSchema>;
/** What a language file holds, before validation. */
export type LanguageLexiconInput = z.input<typeof LanguageLexiconSchema>;
