/**
 * The countries a user may choose for "Where to watch" (decisions 0095, 0100): every officially
 * assigned ISO 3166-1 alpha-2 code (249) and XK (Kosovo: user-assigned, but TMDB and CLDR use
 * it). Not typed from memory: it is every region Unicode CLDR names (`Intl.DisplayNames`, Node
 * 20's ICU) less CLDR's non-countries (EU, EZ, UN, QO, XA, XB, ZZ), exceptional reservations (AC,
 * CP, CQ, DG, EA, IC, TA, UK) and withdrawn codes (AN, BU, CS, DD, DY, FX, HV, NH, RH, SU, TP,
 * VD, YD, YU, ZR); apps/web's watch-country-setting.test.tsx checks it against Intl again. TMDB
 * has offers for fewer: elsewhere the section is absent. The stored value is the code; names come
 * from the reader's `Intl.DisplayNames`. No zod here: the web's settings page imports the list.
 */
// prettier-ignore
export const WATCH_COUNTRIES = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ',
  'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS',
  'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN',
  'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC', 'EE',
  'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
  'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM',
  'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM',
  'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC',
  'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK',
  'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
  'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG',
  'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW',
  'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS',
  'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO',
  'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'XK', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
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
