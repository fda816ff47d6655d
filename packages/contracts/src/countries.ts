/**
 * The countries TMDB's watch-provider data covers (its `/watch/providers/regions`, ISO 3166-1
 * alpha-2), which a user may choose for "Where to watch" (decision 0095). No zod here: the web's
 * settings page imports the list. Names come from the browser's `Intl.DisplayNames`.
 */
// prettier-ignore
export const WATCH_COUNTRIES = [
  'AD', 'AE', 'AG', 'AL', 'AO', 'AR', 'AT', 'AU', 'AZ', 'BA', 'BB', 'BE', 'BF', 'BG', 'BH', 'BM',
  'BO', 'BR', 'BS', 'BY', 'BZ', 'CA', 'CD', 'CH', 'CI', 'CL', 'CM', 'CO', 'CR', 'CU', 'CV', 'CY',
  'CZ', 'DE', 'DK', 'DO', 'DZ', 'EC', 'EE', 'EG', 'ES', 'FI', 'FJ', 'FR', 'GB', 'GF', 'GG', 'GH',
  'GI', 'GQ', 'GR', 'GT', 'GY', 'HK', 'HN', 'HR', 'HU', 'ID', 'IE', 'IL', 'IN', 'IQ', 'IS', 'IT',
  'JM', 'JO', 'JP', 'KE', 'KR', 'KW', 'LB', 'LC', 'LI', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD',
  'ME', 'MG', 'MK', 'ML', 'MT', 'MU', 'MW', 'MX', 'MY', 'MZ', 'NE', 'NG', 'NI', 'NL', 'NO', 'NZ',
  'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PS', 'PT', 'PY', 'QA', 'RO', 'RS', 'RU', 'SA',
  'SC', 'SE', 'SG', 'SI', 'SK', 'SM', 'SN', 'SV', 'TC', 'TD', 'TH', 'TN', 'TR', 'TT', 'TW', 'TZ',
  'UA', 'UG', 'US', 'UY', 'VA', 'VE', 'XK', 'YE', 'ZA', 'ZM', 'ZW',
] as const;
export type WatchCountry = (typeof WATCH_COUNTRIES)[number];

/** Where nothing else says which country a visitor is in. */
export const DEFAULT_WATCH_COUNTRY: WatchCountry = 'US';

const KNOWN: ReadonlySet<string> = new Set(WATCH_COUNTRIES);
export const isWatchCountry = (code: string): code is WatchCountry => KNOWN.has(code);

/**
 * The country an Accept-Language header (or `navigator.languages`) names: the region of the most
 * preferred tag that has one TMDB covers (`de-AT,de;q=0.9` → AT). A bare language (`de`) names no
 * country: German is spoken in several. Null when none does.
 */
export function countryFromLanguages(header: string | readonly string[] | undefined): WatchCountry | null {
  if (!header) return null;
  const parts = typeof header === 'string' ? header.split(',') : header;
  const tags = parts
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((t) => t.q > 0 && Number.isFinite(t.q))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of tags) {
    // language[-script]-REGION[-…]: the first two-letter subtag after the language.
    const region = tag
      .split(/[-_]/)
      .slice(1)
      .find((s) => /^[A-Za-z]{2}$/.test(s))
      ?.toUpperCase();
    if (region && isWatchCountry(region)) return region;
  }
  return null;
}
