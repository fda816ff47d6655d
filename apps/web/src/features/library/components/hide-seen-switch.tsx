import type { UserSettings, UserSettingsPatch } from '@app/contracts';
import { useId, useState } from 'react';
import { useSettings, useUpdateSettings } from '../hooks/hide-seen';

/**
 * "Hide movies I've seen": the switch (watched films) and, while it is on, its two options
 * (liked films, films in the watchlist or a playlist). Each change applies at once; switching
 * back is the undo.
 */
export function HideSeenSwitch({ className = 'px-3 py-2' }: { className?: string }) {
  const settings = useSettings();
  const update = useUpdateSettings();
  const id = useId();
  // What was just chosen, shown in the same render as the click (the controls are controlled),
  // until the server has answered; a failure puts the saved settings back.
  const [chosen, setChosen] = useState<Partial<UserSettings>>({});
  if (!settings.data) return null;
  const s = { ...settings.data, ...chosen };
  const change = (patch: UserSettingsPatch) => {
    setChosen((c) => ({ ...c, ...patch }));
    update.mutate(patch, {
      onSettled: () => setChosen((c) => Object.fromEntries(Object.entries(c).filter(([k]) => !(k in patch)))),
    });
  };
  const on = s.hide_watched;
  return (
    <div className={`text-sm ${className}`}>
      <div className="flex items-center justify-between gap-3">
        <span id={`${id}-label`}>Hide movies I&apos;ve seen</span>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={`${id}-label`}
          onClick={() => change({ hide_watched: !on })}
          className={`relative h-6 w-11 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-500 ${on ? 'bg-red-600' : 'bg-zinc-700'}`}
        >
          <span
            aria-hidden="true"
            className={`absolute top-1 left-1 h-4 w-4 rounded-full bg-white transition-transform ${on ? 'translate-x-5' : ''}`}
          />
        </button>
      </div>
      {on && (
        <div className="mt-2 space-y-1 text-zinc-300">
          {(
            [
              ['hide_liked', 'Also liked movies'],
              ['hide_listed', 'Also my watchlist and playlists'],
            ] as const
          ).map(([key, label]) => (
            <label key={key} className="flex cursor-pointer items-center gap-2">
              <input
                type="checkbox"
                checked={s[key]}
                onChange={(e) => change({ [key]: e.target.checked })}
                className="h-4 w-4 accent-red-600"
              />
              {label}
            </label>
          ))}
        </div>
      )}
    </div>
  );
}

/** Beside a count with hidden films: shows them again (turns the switch off; the menu turns it back on). */
export function ShowHiddenButton() {
  const update = useUpdateSettings();
  return (
    <button
      type="button"
      onClick={() => update.mutate({ hide_watched: false })}
      className="ml-2 text-zinc-200 underline underline-offset-2 hover:text-white"
    >
      Show them
    </button>
  );
}
