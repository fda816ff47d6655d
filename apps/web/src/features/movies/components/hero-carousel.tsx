import type { MovieListItem } from '@app/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from '../../../components/ui/media-icons';
import { Rating } from '../../../components/ui/rating';
import { Artwork, imageCandidates } from '../../../components/ui/artwork';
import { HERO_CAPTION_HEIGHT } from '../../../components/ui/skeletons';
import { useConfig } from '../../../lib/config';

export const HERO_COUNT = 5;

/** The first 5 popular movies: arrows, dots, wrap-around; current, next and previous backdrops preloaded. */
export function HeroCarousel({
  movies,
  actions,
}: {
  movies: MovieListItem[];
  /** What each slide offers beside its link (the page passes the library's Like button). */
  actions?: (movie: { id: number; title: string }) => ReactNode;
}) {
  const slides = movies.slice(0, HERO_COUNT);
  const [index, setIndex] = useState(0);
  const { data: config } = useConfig();
  const n = slides.length;
  const at = (i: number) => slides[((i % n) + n) % n]!;
  useEffect(() => {
    if (n === 0 || !config) return;
    for (const m of [at(index - 1), at(index + 1)]) {
      const [best] = imageCandidates(config.images, {
        path: m.backdrop_path,
        kind: 'backdrop',
        id: m.id,
        size: 'original',
      });
      if (best) new Image().src = best.src;
    }
  }, [index, n, config]); // eslint-disable-line react-hooks/exhaustive-deps
  if (n === 0) return null;
  const m = at(index);
  const title = m.title ?? m.name ?? '';
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Popular movies"
      className="relative h-[70vh] min-h-[420px] overflow-hidden sm:rounded-b-3xl"
    >
      <Artwork
        path={m.backdrop_path}
        kind="backdrop"
        id={m.id}
        size="original"
        priority
        className="absolute inset-0 h-full w-full object-cover"
      />
      <div className="absolute inset-0 bg-gradient-to-t from-zinc-950 via-zinc-950/60 to-transparent" />
      <div className="absolute inset-0 bg-gradient-to-r from-zinc-950/80 to-transparent" />
      {/* The caption's box has the height of its longest content (a two-line title, three lines
          of overview) and fills from the top: no part of it moves when more of it arrives (a
          first paint before the HTML is parsed whole), and the title keeps its place from slide
          to slide (what follows it moves with the title's and overview's lengths). Heights in rem
          from the lines below: title 2 × 2.25 (sm 2 × 3 × 1.1: a line-height of 1 would clip the
          descenders the two-line clamp's hidden overflow cuts at), rating 0.75 + 1.5, overview
          0.75 + 3 × 1.25 (sm 3 × 1.5), buttons 1.25 + 3. */}
      <div
        aria-live="polite"
        className={`absolute bottom-16 left-0 ${HERO_CAPTION_HEIGHT} max-w-2xl px-14 sm:px-20`}
        aria-roledescription="slide"
        aria-label={`${index + 1} of ${n}`}
      >
        <h1 className="line-clamp-2 text-3xl font-extrabold sm:text-5xl sm:leading-[1.1]">{title}</h1>
        <div className="mt-3 flex h-6 items-center font-semibold">
          <Rating value={m.vote_average} votes={m.vote_count} size={18} className="gap-2" />
        </div>
        <p className="mt-3 line-clamp-3 text-sm text-zinc-300 sm:text-base">{m.overview}</p>
        <div className="mt-5 flex items-center gap-3">
          <Link
            to={`/movie/${m.id}`}
            className="rounded-lg bg-red-700 px-5 py-3 font-semibold hover:bg-red-700"
          >
            View Details
          </Link>
          {actions?.({ id: m.id, title })}
        </div>
      </div>
      {/* The film's poster beside its title on wide screens: what makes the slide recognisable. */}
      <Link
        to={`/movie/${m.id}`}
        tabIndex={-1}
        aria-hidden="true"
        className="absolute bottom-16 hidden aspect-[2/3] overflow-hidden rounded-2xl bg-zinc-900 shadow-2xl ring-1 ring-white/10 lg:flex"
        style={{ right: 80, width: 224 }}
      >
        <Artwork
          path={m.poster_path}
          kind="poster"
          id={m.id}
          size="w500"
          eager
          className="h-full w-full object-cover"
        />
      </Link>
      <button
        type="button"
        onClick={() => setIndex((i) => (i - 1 + n) % n)}
        aria-label="Previous slide"
        className="absolute left-3 top-1/2 -translate-y-1/2 rounded-full bg-black/40 p-2 hover:bg-black/60"
      >
        <ChevronLeft width={28} height={28} />
      </button>
      <button
        type="button"
        onClick={() => setIndex((i) => (i + 1) % n)}
        aria-label="Next slide"
        className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full bg-black/40 p-2 hover:bg-black/60"
      >
        <ChevronRight width={28} height={28} />
      </button>
      {/* As wide as its dots (one 2 rem, the others 0.625 rem, 0.5 rem gaps), so that the first
          dots keep their places while the others are still to come. */}
      <div
        className="absolute bottom-6 left-1/2 flex -translate-x-1/2 gap-2"
        style={{ width: `${2 + (n - 1) * 1.125}rem` }}
      >
        {slides.map((s, i) => (
          <button
            key={s.id}
            type="button"
            onClick={() => setIndex(i)}
            aria-label={`Go to slide ${i + 1}`}
            aria-current={i === index}
            className={`h-2.5 rounded-full transition-all ${i === index ? 'w-8 bg-red-500' : 'w-2.5 bg-white/50 hover:bg-white/80'}`}
          />
        ))}
      </div>
    </section>
  );
}
