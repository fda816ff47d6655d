import type { YearInReview } from '@app/contracts';
import { useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Artwork } from '../components/ui/artwork';
import { EmptyState, ErrorText } from '../components/ui/empty-state';
import { useYearInReview } from '../features/diary/api/get-year-in-review';
import { ratingText } from '../features/diary/utils/format';
import { Stars } from '../features/diary/components/star-rating';
import { useAuth } from '../lib/auth';
import { PageShell } from '../components/layouts/page-shell';
import { SignInFirst } from '../components/layouts/sign-in-first';

const MONTHS = Array.from({ length: 12 }, (_, i) =>
  new Date(2000, i, 15).toLocaleDateString(undefined, { month: 'short' }),
);
const MONTHS_LONG = Array.from({ length: 12 }, (_, i) =>
  new Date(2000, i, 15).toLocaleDateString(undefined, { month: 'long' }),
);

let languageNames: Intl.DisplayNames | null = null;
/** 'fr' → "French" (the code itself when the browser cannot name it). */
export function languageName(code: string): string {
  try {
    languageNames ??= new Intl.DisplayNames(['en'], { type: 'language' });
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "42.5 hours" from minutes. */
export const hours = (minutes: number) => {
  const h = Math.round((minutes / 60) * 10) / 10;
  return `${h.toLocaleString()} ${h === 1 ? 'hour' : 'hours'}`;
};

/** A year's films per month, or all time's per year, as bars. */
function MonthChart({ data }: { data: YearInReview }) {
  if (data.year === null)
    return (
      <BarChart
        caption="Films watched per year"
        label="Viewings per year"
        bars={data.per_year.map((y) => ({
          key: y.year,
          short: `’${String(y.year).slice(2)}`,
          long: String(y.year),
          count: y.count,
        }))}
      />
    );
  return (
    <BarChart
      caption="Films watched per month"
      label={`Viewings per month in ${data.year}`}
      bars={data.per_month.map((m, i) => ({
        key: m.month,
        short: MONTHS[i]!.slice(0, 3),
        long: MONTHS_LONG[m.month - 1]!,
        count: m.count,
      }))}
    />
  );
}

/** Bars (plain SVG); the chart's description lists every bar for screen readers. */
function BarChart({
  caption,
  label,
  bars,
}: {
  caption: string;
  label: string;
  bars: { key: number; short: string; long: string; count: number }[];
}) {
  const max = Math.max(1, ...bars.map((m) => m.count));
  const W = 360;
  const H = 180;
  const bar = W / Math.max(12, bars.length);
  const described = bars.map((m) => `${m.long} ${m.count}`).join(', ');
  return (
    <figure>
      <figcaption className="text-sm font-semibold text-zinc-300">{caption}</figcaption>
      {/* At most 448 px wide: the labels are 12 of the drawing's 360 units, so at 672 px (as it
          was) they were drawn at 22 px, twice the page's text; now at most 15 px. */}
      <svg
        viewBox={`0 0 ${W} ${H + 24}`}
        className="mt-3 h-auto w-full max-w-md"
        role="img"
        aria-label={`${label}: ${described}`}
      >
        {bars.map((m, i) => {
          const h = (m.count / max) * (H - 20);
          const x = i * bar + bar * 0.15;
          return (
            <g key={m.key}>
              <rect
                x={x}
                y={H - h}
                width={bar * 0.7}
                height={Math.max(h, m.count ? 2 : 0)}
                rx={3}
                className="fill-red-600"
              />
              {m.count > 0 && (
                <text
                  x={x + bar * 0.35}
                  y={H - h - 5}
                  textAnchor="middle"
                  className="fill-zinc-200 text-[12px]"
                >
                  {m.count}
                </text>
              )}
              <text x={x + bar * 0.35} y={H + 16} textAnchor="middle" className="fill-zinc-400 text-[12px]">
                {m.short}
              </text>
            </g>
          );
        })}
        <line x1={0} x2={W} y1={H} y2={H} className="stroke-zinc-700" />
      </svg>
    </figure>
  );
}

/** A ranked list with proportional bars: readable as text, the bars only echo the numbers. */
function Ranked({ title, rows }: { title: string; rows: { label: string; count: number }[] }) {
  const id = useId();
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-zinc-900/60 p-4 ring-1 ring-white/5">
      <h2 id={id} className="text-sm font-semibold text-zinc-300">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-400">Nothing yet.</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {rows.map((r) => (
            <li key={r.label}>
              <div className="flex justify-between gap-3 text-sm">
                <span className="truncate">{r.label}</span>
                <span className="shrink-0 text-zinc-400">
                  {r.count === 1 ? '1 film' : `${r.count} films`}
                </span>
              </div>
              <div className="mt-1 h-1.5 rounded-full bg-zinc-800" aria-hidden="true">
                <div
                  className="h-1.5 rounded-full bg-red-600"
                  style={{ width: `${(r.count / max) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Figure({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex flex-col-reverse rounded-2xl bg-zinc-900/60 p-4 ring-1 ring-white/5">
      <dt className="mt-1 text-xs uppercase tracking-wide text-zinc-400">{label}</dt>
      <dd className="text-2xl font-bold sm:text-3xl">{value}</dd>
    </div>
  );
}

function Review({ data }: { data: YearInReview }) {
  if (data.entries === 0)
    return (
      <EmptyState title={data.year === null ? 'Nothing logged yet' : `Nothing logged in ${data.year}`}>
        Log a viewing from any movie page and your year fills in here.{' '}
        {data.years.length > 0 && 'Or pick another year above.'}
      </EmptyState>
    );
  return (
    <div className="space-y-8">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure value={data.films.toLocaleString()} label={data.films === 1 ? 'film' : 'films'} />
        <Figure value={data.entries.toLocaleString()} label={data.entries === 1 ? 'viewing' : 'viewings'} />
        <Figure value={hours(data.minutes)} label="watched" />
        <Figure
          value={data.rewatches.toLocaleString()}
          label={data.rewatches === 1 ? 'rewatch' : 'rewatches'}
        />
      </dl>
      <p className="-mt-5 text-xs text-zinc-400" data-testid="runtime-note">
        Hours from the catalog’s runtimes
        {data.without_runtime > 0
          ? `; ${data.without_runtime} ${data.without_runtime === 1 ? 'film has' : 'films have'} no runtime and ${data.without_runtime === 1 ? 'is' : 'are'} not counted.`
          : '; every film had one.'}
      </p>
      <MonthChart data={data} />
      <div className="grid gap-4 md:grid-cols-3">
        <Ranked title="Favourite genres" rows={data.genres.map((g) => ({ label: g.name, count: g.count }))} />
        <Ranked title="Decades" rows={data.decades.map((d) => ({ label: `${d.decade}s`, count: d.count }))} />
        <Ranked
          title="Original languages"
          rows={data.languages.map((l) => ({ label: languageName(l.code), count: l.count }))}
        />
      </div>
      <section aria-labelledby="top-rated">
        <h2 id="top-rated" className="text-sm font-semibold text-zinc-300">
          Highest rated
        </h2>
        {data.top_rated.length === 0 ? (
          <p className="mt-2 text-sm text-zinc-400">Rate the films you logged to see your favourites here.</p>
        ) : (
          <ol className="mt-3 grid max-w-4xl grid-cols-3 gap-3 sm:grid-cols-5 sm:gap-4">
            {data.top_rated.map((m) => (
              <li key={m.tmdb_id}>
                <Link to={`/movie/${m.tmdb_id}`} className="group block">
                  <span className="relative block aspect-[2/3] overflow-hidden rounded-xl bg-zinc-800">
                    <Artwork
                      path={m.poster_path}
                      kind="poster"
                      id={m.tmdb_id}
                      size="w185"
                      className="absolute inset-0 h-full w-full object-cover"
                    />
                  </span>
                  <span className="mt-2 block truncate text-sm font-medium group-hover:underline">
                    {m.title}
                  </span>
                </Link>
                <span className="mt-0.5 flex items-center gap-1" title={ratingText(m.rating)}>
                  <Stars value={m.rating} size={14} />
                  <span className="sr-only">{ratingText(m.rating)}</span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

/**
 * /stats: the year in review for a chosen year, or all time, kept in ?year= (a year or "all").
 * Without one, the API's choice: the latest year that has entries (decision 0082).
 */
export default function StatsPage() {
  const { user, ready } = useAuth();
  // useLocation rather than useSearchParams: the latter would add its helpers to the shell's
  // framework chunk for this one screen.
  const { search } = useLocation();
  const navigate = useNavigate();
  const param = new URLSearchParams(search).get('year');
  const asked = Number(param);
  const year: number | 'all' | null =
    param === 'all' ? 'all' : Number.isInteger(asked) && asked >= 1888 && asked <= 2100 ? asked : null;
  const stats = useYearInReview(year);
  const shown = year === 'all' ? 'all' : (year ?? stats.data?.year ?? null);
  const title = 'Year in Review';
  if (ready && !user)
    return <SignInFirst title={title}>and keep a diary to see your year in films.</SignInFirst>;
  // The years that have entries, and the one asked for if it has none.
  const years = [
    ...new Set([...(stats.data?.years ?? []), ...(typeof shown === 'number' ? [shown] : [])]),
  ].sort((a, b) => b - a);
  const heading = shown === 'all' ? `${title}: All time` : shown === null ? title : `${title} ${shown}`;
  return (
    <PageShell
      title={heading}
      documentTitle={heading}
      subtitle={
        <span className="flex items-center gap-2">
          <label htmlFor="year-picker">Year</label>
          <select
            id="year-picker"
            value={shown ?? ''}
            onChange={(e) => navigate({ search: `?year=${e.target.value}` })}
            className="rounded-lg bg-zinc-800 px-2 py-1 text-sm text-zinc-100 ring-1 ring-white/10"
          >
            {shown === null && <option value="">…</option>}
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
            <option value="all">All time</option>
          </select>
          {stats.isFetching && !stats.isPending && <span className="text-xs">Updating…</span>}
        </span>
      }
    >
      {!ready || stats.isPending ? (
        <div role="status" aria-label="Loading your year" className="space-y-6">
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {Array.from({ length: 4 }, (_, i) => (
              <div key={i} className="h-20 animate-pulse rounded-2xl bg-zinc-900" />
            ))}
          </div>
          <div className="h-48 max-w-md animate-pulse rounded-2xl bg-zinc-900" />
        </div>
      ) : stats.isError ? (
        <ErrorText error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <Review data={stats.data} />
      )}
    </PageShell>
  );
}
