import { StarIcon } from './media-icons';

/** Fewer votes than this make no rating worth showing (one 10/10 vote is not a 10.0 film). */
const FEW_VOTES = 5;

/**
 * A film's average vote to one decimal after a star; a film nobody has rated yet (TMDB's average
 * is 0 only with no votes) says so instead of showing '★ 0.0', which reads as the worst rating,
 * and a film with only a few votes says that instead of '★ 10.0' from one vote (reviewers' walks;
 * decision 0065). Lists that do not carry the vote count show the average.
 */
export function Rating({
  value,
  votes,
  size = 12,
  className = '',
}: {
  value: number | null | undefined;
  votes?: number | null | undefined;
  size?: number;
  className?: string;
}) {
  if (!value)
    return <span className={`flex items-center gap-1 text-zinc-400 ${className}`}>Not rated yet</span>;
  if (votes != null && votes < FEW_VOTES)
    return (
      <span
        className={`flex items-center gap-1 text-zinc-400 ${className}`}
        title={`${value.toFixed(1)} from ${votes} vote${votes === 1 ? '' : 's'}`}
      >
        Too few ratings
      </span>
    );
  return (
    <span className={`flex items-center gap-1 text-yellow-400 ${className}`}>
      <StarIcon width={size} height={size} /> {value.toFixed(1)}
    </span>
  );
}
