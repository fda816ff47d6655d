/**
 * Keywords that name a place ("paris", "south korea", "tokyo japan", "new york city"): where a
 * film is set, not what kind of film it is. A non-English film's own country also repeats what its
 * language already says, so "korea", "south korea" and "busan" made a Korean zombie film's
 * neighbours Korean films of any kind (decision 0052).
 *
 * The places come from the runtime's own data, not a hand list: ICU's English names of every
 * region (countries and territories, and "korea" from "North/South Korea"), and the cities of the
 * IANA time zones (Europe/Paris, Asia/Tokyo, America/Los_Angeles…), plus England, Scotland and
 * Wales, which ICU names only as the United Kingdom.
 */
let places: string[] | null = null;

function placeNames(): string[] {
  if (places) return places;
  const names = new Set<string>(['england', 'scotland', 'wales']);
  const regions = new Intl.DisplayNames(['en'], { type: 'region' });
  for (let a = 65; a <= 90; a++)
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      let name: string | undefined;
      try {
        name = regions.of(code);
      } catch {
        continue;
      }
      // Codes ICU does not name come back unchanged; a few are groupings or test regions.
      if (!name || name === code || /unknown|pseudo|outlying|union|eurozone|nations/i.test(name)) continue;
      const plain = name.toLowerCase().replace(/\s*\(.*\)$/, '');
      names.add(plain);
      const half = /^(?:north|south|east|west)\s+(.+)$/.exec(plain);
      if (half) names.add(half[1]!);
    }
  // Cities: two-part zone names only (three-part ones are US counties such as America/Indiana/Knox).
  for (const zone of Intl.supportedValuesOf('timeZone')) {
    const [area, city, more] = zone.split('/');
    if (!more && city && ['Europe', 'Asia', 'America', 'Africa', 'Australia'].includes(area!))
      names.add(city.replace(/_/g, ' ').toLowerCase());
  }
  // Longest first, so "new york" is taken before "york" would be.
  places = [...names].sort((x, y) => y.length - x.length);
  return places;
}

const cache = new Map<string, boolean>();

/** True when a keyword is made only of place names (and "city" or "usa"): "tokyo japan", "paris". */
export function isPlaceKeyword(keyword: string): boolean {
  const hit = cache.get(keyword);
  if (hit !== undefined) return hit;
  let rest = ` ${keyword.toLowerCase().replace(/[,.]/g, ' ').replace(/\s+/g, ' ').trim()} `;
  for (const p of placeNames()) if (rest.includes(` ${p} `)) rest = rest.split(` ${p} `).join(' ');
  rest = rest.trim();
  const place = rest === '' || rest === 'city' || rest === 'usa';
  cache.set(keyword, place);
  return place;
}
