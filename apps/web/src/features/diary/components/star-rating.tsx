import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { ratingText } from '../utils/format';

const STAR = 'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z';

/** Five stars filled to `value` (halves shown as half a star). Decorative: say the value in text. */
export function Stars({ value, size = 20 }: { value: number | null; size?: number }) {
  return (
    <span className="inline-flex" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = value === null ? 0 : Math.max(0, Math.min(1, value - (n - 1)));
        return (
          <span key={n} className="relative inline-block" style={{ width: size, height: size }}>
            <svg viewBox="0 0 24 24" width={size} height={size} className="absolute inset-0 text-zinc-600">
              <path d={STAR} fill="currentColor" />
            </svg>
            <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
              <svg viewBox="0 0 24 24" width={size} height={size} className="text-yellow-400">
                <path d={STAR} fill="currentColor" />
              </svg>
            </span>
          </span>
        );
      })}
    </span>
  );
}

const clamp = (v: number) => Math.min(5, Math.max(0.5, Math.round(v * 2) / 2));

/**
 * A half-star rating input: a slider (WAI-ARIA) from 0.5 to 5 (0 while unrated). The arrow keys move by half a star,
 * Home and End go to the ends, Enter or Space saves, and so does leaving the stars (Escape first
 * cancels); a click or tap saves the half star under it.
 */
export function StarRating({
  value,
  onChange,
  disabled = false,
  label = 'Your rating',
}: {
  value: number | null;
  onChange: (rating: number) => void;
  disabled?: boolean;
  label?: string;
}) {
  const [draft, setDraft] = useState<number | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? draft ?? value;
  const pending = draft !== null && draft !== value;
  const at = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return clamp(Math.ceil(((e.clientX - box.left) / box.width) * 10) / 2);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const current = draft ?? value;
    const step: Record<string, number | undefined> = {
      ArrowRight: (current ?? 0) + 0.5,
      ArrowUp: (current ?? 0) + 0.5,
      ArrowLeft: (current ?? 1) - 0.5,
      ArrowDown: (current ?? 1) - 0.5,
      Home: 0.5,
      End: 5,
    };
    if (e.key in step) {
      e.preventDefault();
      setDraft(clamp(step[e.key]!));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (current !== null) {
        onChange(current);
        setDraft(null);
      }
    } else if (e.key === 'Escape' && draft !== null) {
      e.stopPropagation();
      setDraft(null);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <div
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label={label}
        // 0 is "not rated" (a slider always has a value); saving picks 0.5 at least.
        aria-valuemin={0}
        aria-valuemax={5}
        aria-valuenow={shown ?? 0}
        aria-valuetext={ratingText(shown)}
        aria-disabled={disabled || undefined}
        onKeyDown={onKeyDown}
        // Leaving the stars (Tab, a click elsewhere) keeps what the arrows chose, as a slider
        // would: a reviewer arrowed to 3.5, tabbed on and found "Not rated". Escape still cancels.
        onBlur={() => {
          if (pending && !disabled) onChange(draft);
          setDraft(null);
        }}
        onMouseMove={(e) => !disabled && setHover(at(e))}
        onMouseLeave={() => setHover(null)}
        onClick={(e) => {
          if (disabled) return;
          setDraft(null);
          onChange(at(e));
        }}
        className={`rounded-md p-1 outline-none focus-visible:ring-2 focus-visible:ring-yellow-400 ${disabled ? 'opacity-50' : 'cursor-pointer'}`}
      >
        <Stars value={shown} size={28} />
      </div>
      <span className="text-sm text-zinc-300" aria-hidden="true">
        {shown === null ? 'Not rated' : `${shown} / 5`}
      </span>
      {pending && <span className="text-xs text-zinc-400">Press Enter to save · Esc cancels</span>}
    </div>
  );
}
