import { StarIcon } from './media-icons';

/**
 * A film's average vote to one decimal after a star; a film nobody has rated yet (TMDB's average
 * is 0 only with no votes) says so instead of showing '★ 0.0', which reads as the worst rating
 * (a reviewer's walk; decision 0065).
 */
export function Rating({
  value,
  size = 12,
  className = '',
}: {
  value: number | null | undefined;
  size?: number;
  className?: string;
}) {
  if (!value)
    return <span className={`flex items-center gap-1 text-zinc-400 ${className}`}>Not rated yet</span>;
  return (
    <span className={`flex items-center gap-1 text-yellow-400 ${className}`}>
      <StarIcon width={size} height={size} /> {value.toFixed(1)}
    </span>
  );
}
