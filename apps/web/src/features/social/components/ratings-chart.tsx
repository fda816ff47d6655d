import { SOCIAL_TEXT } from '../messages';

/**
 * How a person's ratings spread over half stars: ten bars, 0.5 to 5, each as tall as its share of
 * the busiest one. A screen reader reads it as a list ("4.5 stars: 12 films").
 */
export function RatingsChart({ spread }: { spread: { rating: number; count: number }[] }) {
  const most = Math.max(0, ...spread.map((s) => s.count));
  const total = spread.reduce((n, s) => n + s.count, 0);
  if (total === 0) return <p className="text-sm text-zinc-400">{SOCIAL_TEXT.noRatings}</p>;
  return (
    <div>
      <ul className="flex h-24 items-end gap-1" aria-label={`${SOCIAL_TEXT.ratingsSpread}: ${total} in all`}>
        {spread.map((s) => (
          <li
            key={s.rating}
            className="flex h-full flex-1 flex-col justify-end"
            title={`${s.rating} ★: ${s.count}`}
          >
            <span className="sr-only">{`${s.rating} stars: ${s.count} ${s.count === 1 ? 'film' : 'films'}`}</span>
            <span
              aria-hidden="true"
              className="block w-full rounded-t bg-red-600/80"
              style={{ height: `${Math.max(s.count ? 4 : 1, (s.count / most) * 100)}%` }}
            />
          </li>
        ))}
      </ul>
      <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-zinc-400">
        <span>½★</span>
        <span>★★★★★</span>
      </div>
    </div>
  );
}
