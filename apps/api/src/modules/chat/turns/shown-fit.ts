import type { CatalogMovie } from '@app/catalog';
import { lastPicks, reply, type ChatRequest, type EngineAnswer } from '../request';
import { askedText, fitChecks, fitReason, fitting, selectsFromShown, type FitCheck } from '../shown-fit';
import { lovedRatingOf } from '../about-shown';
import { inEveryLanguage, saysOneOf } from '../understand/lexicon/index';
import { normalize } from '../understand/text';
import * as say from '../wording';
import { serveFilms } from './films';
import { lastSeed, type Turn, type TurnContext } from './turn';

const shownOf = (req: ChatRequest, ctx: TurnContext) => lastPicks(req, (id) => ctx.catalog.get(id));

/**
 * Decision 0114: "are any of those good for young kids?", "any of those under 100 minutes?",
 * "which of these is from before 2000?": a constraint asked of the films just shown is answered
 * from them: the ones that fit, each with why, as the list; one or two: named, then new films that
 * fit the conversation's request with the constraint; none: said plainly, then new ones. "more like the second one", "something shorter" ask
 * for new films (a follow-up, a refinement), never this.
 */
export const shownFitTurn: Turn = {
  kind: 'about-shown',
  matches: (req, ctx) =>
    !req.query.like &&
    !req.query.person &&
    selectsFromShown(req.message) &&
    fitChecks(req.query).length > 0 &&
    shownOf(req, ctx).length > 0,
  async handle(req, ctx) {
    const checks = fitChecks(req.query);
    const shown = shownOf(req, ctx);
    const fit = fitting(shown, checks);
    const asked = askedText(checks);
    const picks = fit.map((m) => ({ movie: m, reason: say.esc(whyItFits(m, checks)) }));
    // The films shown stay the conversation's request; the ones that fit are the list now.
    const kept: ChatRequest = { ...req, query: req.last ?? req.query, seed: lastSeed(req, ctx) };
    if (fit.length >= ENOUGH) {
      const intro =
        fit.length === shown.length
          ? `All of them are ${asked}`
          : `Of those, ${say.words(fit.length)} are ${asked}`;
      // "which one of those would my 12 year old sit through?": several fit, and one is asked for:
      // the best loved of them, named, then the rest.
      if (WHICH_ONE.test(normalize(req.message))) {
        const ranked = [...picks].sort((a, b) => lovedRatingOf(b.movie) - lovedRatingOf(a.movie));
        const one = `${intro}; if it's one, ${say.movieLink(ranked[0]!.movie)}, the best loved. Best loved first:`;
        return reply(kept, say.renderPicks(one, ranked, ''), ranked);
      }
      return reply(kept, say.renderPicks(`${intro}:`, picks, ''), picks);
    }
    // "which of these would my boyfriend tolerate, he hates romance movies", none free of it: the
    // question is which of them, so the answer is among them, the closest first (the fewest checks
    // failed, then the least of a genre ruled out, then the best known).
    if (!fit.length && CHOOSES_ONE(normalize(req.message))) {
      const closest = [...shown].sort(
        (a, b) => misfit(a, checks, req) - misfit(b, checks, req) || b.vote_count - a.vote_count,
      );
      const listed = closest.map((m) => ({ movie: m, reason: say.esc(say.hook(m)) }));
      const intro = `None of those is ${asked}; the closest is ${say.movieLink(closest[0]!)}. All of them, closest first:`;
      return reply(kept, say.renderPicks(intro, listed, ''), listed);
    }
    const more = await newOnes(req, ctx);
    const none = `None of those is ${asked}.`;
    if (!fit.length) return more.picks.length ? { ...more, message: `${none}\n\n${more.message}` } : more;
    // One or two fit: named first, then new films that fit, to make a list.
    const all = [...picks, ...more.picks].slice(0, 5);
    const which = fit.map(say.movieLink).join(' and ');
    const intro = `Of those, only ${which} ${fit.length === 1 ? 'is' : 'are'} ${asked}${more.picks.length ? '; here are more that are' : ''}:`;
    return { ...more, message: say.renderPicks(intro, all, ''), picks: all };
  },
};

/** "117 minutes. During its return to the earth…": why it fits (unless its title says it), then its story. */
const whyItFits = (m: CatalogMovie, checks: FitCheck[]) => {
  const why = fitReason(m, checks);
  return why ? `${why.replace(/^./, (c) => c.toUpperCase())}. ${say.hook(m)}` : say.hook(m);
};

/** A question that picks one of the films shown ("which of these…"), not "any of those?" nor "the best war films, which one?". */
const CHOOSES_ONE = saysOneOf(inEveryLanguage('whichOfShown'));

/** One film asked for by number ("which one of those…", "if I only watch one"), not "which of them…". */
const WHICH_ONE = /\bwhich one\b|\b(?:only|just) (?:watch |see |pick |have time for )?one\b|\bpick one\b/;

/** How far a film is from fitting: the checks it fails, then the share of its genres ruled out. */
function misfit(m: CatalogMovie, checks: readonly FitCheck[], req: ChatRequest): number {
  const failed = checks.filter((c) => !c.fits(m)).length;
  const out = m.genre_ids.filter((g) => req.query.genresOut.includes(g)).length;
  return failed + (m.genre_ids.length ? out / m.genre_ids.length : 0) / 2;
}

/** A list names at least this many films. */
const ENOUGH = 3;

/** New films for the conversation's request with the constraint asked (none shown before). */
function newOnes(req: ChatRequest, ctx: TurnContext): Promise<EngineAnswer> {
  const query = req.last ? ctx.merge(req.last, req.query) : req.query;
  return serveFilms({ ...req, query, seed: lastSeed(req, ctx), alone: req.query }, ctx);
}
