import { RECOMMENDATION_MESSAGES } from '@app/contracts/messages';

/** Said where recommendations will be while the recommender prepares its first model (decision 0080). */
export function Preparing() {
  return (
    <div role="status" className="flex items-center gap-3 py-10 text-sm text-zinc-400">
      <span
        className="h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-zinc-700 border-t-red-500"
        aria-hidden="true"
      />
      {RECOMMENDATION_MESSAGES.preparing}
    </div>
  );
}
