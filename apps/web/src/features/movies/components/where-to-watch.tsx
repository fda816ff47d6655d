import type { WatchProvider, WatchProviders } from '@app/contracts';
import { useAuth } from '../../../lib/auth';
import { useConfig, useImageUrl } from '../../../lib/config';
import { useWatchProviders } from '../api/get-watch-providers';

const KINDS = [
  ['flatrate', 'Stream'],
  ['rent', 'Rent'],
  ['buy', 'Buy'],
] as const satisfies readonly (readonly [keyof WatchProviders, string])[];

/** A country's name in the reader's language (the code itself where the browser knows none). */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(undefined, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function Providers({ list, link }: { list: WatchProvider[]; link: string }) {
  const image = useImageUrl();
  return (
    <ul className="mt-2 flex flex-wrap gap-3">
      {list.map((p) => {
        const logo = image(p.logo_path, 'w92');
        return (
          <li key={p.id}>
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              title={p.name}
              className="block rounded-xl ring-1 ring-white/10 hover:ring-white/40"
            >
              {logo ? (
                <img
                  src={logo}
                  alt={p.name}
                  width={48}
                  height={48}
                  loading="lazy"
                  className="h-12 w-12 rounded-xl"
                />
              ) : (
                <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-zinc-800 p-1 text-center text-[10px] leading-tight">
                  {p.name}
                </span>
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * "Where to watch" on a movie page (issue 46, decision 0095; live mode only, the page does not
 * mount it offline): the offers in the visitor's country by kind, each logo linking to TMDB's
 * watch page, with JustWatch credited as TMDB asks. Nothing at all while loading, on an error, or
 * when the film has no offers there: the section is absent, never an empty box.
 */
export default function WhereToWatch({ id }: { id: number }) {
  const { user } = useAuth();
  const watch = useWatchProviders(id, user?.uid ?? null);
  // The logos' base comes with the config (the page has it already).
  const config = useConfig();
  const w = watch.data;
  if (!w || !config.data) return null;
  const kinds = KINDS.filter(([kind]) => w[kind].length > 0);
  if (!kinds.length) return null;
  return (
    <section aria-labelledby="where-to-watch" className="mt-12">
      <h2 id="where-to-watch" className="text-xl font-semibold">
        Where to watch
      </h2>
      <p className="text-sm text-zinc-400">In {countryName(w.country)}</p>
      <div className="mt-3 flex flex-wrap gap-x-10 gap-y-4">
        {kinds.map(([kind, label]) => (
          <div key={kind}>
            <h3 className="text-sm font-medium text-zinc-300">{label}</h3>
            <Providers list={w[kind]} link={w.link} />
          </div>
        ))}
      </div>
      <p className="mt-3 text-xs text-zinc-400">
        <a href={w.link} target="_blank" rel="noopener noreferrer" className="underline hover:text-white">
          All offers on TMDB
        </a>
        {' · '}
        <a href={w.attribution.url} target="_blank" rel="noopener noreferrer" className="hover:text-white">
          {w.attribution.text}
        </a>
      </p>
    </section>
  );
}
