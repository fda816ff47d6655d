import {
  countryFromLanguages,
  DEFAULT_WATCH_COUNTRY,
  isWatchCountry,
  WATCH_COUNTRIES,
} from '@app/contracts/countries';
import { useMemo } from 'react';
import { useConfig } from '../../../lib/config';
import { useSettings, useUpdateSettings } from '../hooks/hide-seen';

const names = () => {
  try {
    const display = new Intl.DisplayNames(undefined, { type: 'region' });
    return (code: string) => display.of(code) ?? code;
  } catch {
    return (code: string) => code;
  }
};

/**
 * The account's country for "Where to watch" (decisions 0095, 0100): "Automatic" (the browser's
 * languages, else the United States, as the API decides) or any country (ISO 3166-1), named by
 * the reader's `Intl.DisplayNames` in their language; the code is what is saved. Live mode only:
 * offline there is nothing to watch.
 */
export function WatchCountrySetting() {
  const config = useConfig();
  const settings = useSettings();
  const update = useUpdateSettings();
  const countries = useMemo(() => {
    const name = names();
    return WATCH_COUNTRIES.map((code) => ({ code, name: name(code) })).sort((a, b) =>
      a.name.localeCompare(b.name),
    );
  }, []);
  if (config.data?.data_mode !== 'live' || !settings.data) return null;
  const automatic = countryFromLanguages(navigator.languages) ?? DEFAULT_WATCH_COUNTRY;
  const automaticName = countries.find((c) => c.code === automatic)?.name ?? automatic;
  return (
    <section aria-labelledby="watch-country" className="rounded-2xl bg-zinc-900 p-6 ring-1 ring-white/10">
      <h2 id="watch-country" className="mb-4 text-lg font-semibold">
        Where to watch
      </h2>
      <label htmlFor="watch-country-select" className="block text-sm text-zinc-300">
        Country for streaming, rental and purchase offers
      </label>
      <select
        id="watch-country-select"
        value={settings.data.country ?? ''}
        onChange={(e) => update.mutate({ country: isWatchCountry(e.target.value) ? e.target.value : null })}
        className="mt-2 w-full max-w-sm rounded-lg bg-zinc-800 px-3 py-2 text-sm ring-1 ring-white/15"
      >
        <option value="">Automatic ({automaticName})</option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
    </section>
  );
}
