import { GENRE_NAMES, type CatalogMovie } from '@app/catalog';

const GENRE_LABELS: ReadonlyMap<number, string> = GENRE_NAMES;

/** Two colours per genre (the first genre of a movie picks its palette). */
const PALETTES: Record<number, [string, string]> = {
  28: ['#7f1d1d', '#ea580c'], // Action
  12: ['#14532d', '#ca8a04'], // Adventure
  16: ['#1e3a8a', '#06b6d4'], // Animation
  35: ['#a16207', '#f59e0b'], // Comedy
  80: ['#111827', '#b91c1c'], // Crime
  99: ['#334155', '#64748b'], // Documentary
  18: ['#312e81', '#7c3aed'], // Drama
  10751: ['#0f766e', '#84cc16'], // Family
  14: ['#4c1d95', '#db2777'], // Fantasy
  36: ['#78350f', '#a8a29e'], // History
  27: ['#0a0a0a', '#7f1d1d'], // Horror
  10402: ['#831843', '#f472b6'], // Music
  9648: ['#1e1b4b', '#4338ca'], // Mystery
  10749: ['#9f1239', '#fb7185'], // Romance
  878: ['#0c4a6e', '#22d3ee'], // Science Fiction
  10770: ['#3f3f46', '#a1a1aa'], // TV Movie
  53: ['#1f2937', '#0891b2'], // Thriller
  10752: ['#3f6212', '#57534e'], // War
  37: ['#7c2d12', '#d97706'], // Western
};
const DEFAULT_PALETTE: [string, string] = ['#1f2937', '#4b5563'];

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

/** Greedy word wrap; a word longer than the line is cut. At most maxLines, the last with an ellipsis. */
export function wrapTitle(title: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const w = word.length > maxChars ? `${word.slice(0, maxChars - 1)}…` : word;
    if (!line) line = w;
    else if (line.length + 1 + w.length <= maxChars) line += ` ${w}`;
    else {
      lines.push(line);
      line = w;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/…$/, '').slice(0, maxChars - 1)}…`;
    return kept;
  }
  return lines;
}

/** A small deterministic generator so each movie's pattern differs but never changes. */
function seeded(id: number) {
  let s = id * 2654435761 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 10_000) / 10_000;
  };
}

type Palette = { dark: string; light: string; accent: string };

/** The film's colours: its first genre's pair, and its second genre's light colour as the accent. */
function paletteOf(m: CatalogMovie): Palette {
  const [dark, light] = PALETTES[m.genre_ids[0] ?? -1] ?? DEFAULT_PALETTE;
  const second = m.genre_ids[1] !== undefined ? PALETTES[m.genre_ids[1]] : undefined;
  return { dark, light, accent: second ? second[1] : light };
}

/**
 * One of five compositions (chosen by the id), its proportions from the id's generator: a
 * setting sun cut by stripes, diagonal bands, rings, a skyline of bars, or stacked discs. Drawn in
 * a w×h box whose upper part (top) is left calm for the text.
 */
export function composition(id: number, w: number, h: number, top: number, p: Palette): string {
  const rand = seeded(id);
  const r = (a: number, b: number) => a + rand() * (b - a);
  const f = (n: number) => n.toFixed(0);
  const variant = id % 5;
  const span = h - top;
  let out = '';
  if (variant === 0) {
    const cx = r(w * 0.3, w * 0.7);
    const radius = r(0.28, 0.4) * Math.min(w, span * 1.6);
    const cy = top + span * r(0.45, 0.6);
    out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(radius)}" fill="url(#sun)"/>`;
    for (let i = 0; i < 6; i++) {
      const y = cy + radius * (0.1 + i * 0.16);
      out += `<rect x="0" y="${f(y)}" width="${w}" height="${f(4 + i * 3)}" fill="${p.dark}"/>`;
    }
  } else if (variant === 1) {
    const angle = r(-35, -15);
    for (let i = 0; i < 5; i++) {
      const y = top + span * (0.15 + i * 0.2) + r(-20, 20);
      const band = r(span * 0.06, span * 0.14);
      out += `<rect x="${-w}" y="${f(y)}" width="${w * 3}" height="${f(band)}" fill="${i % 2 ? p.accent : p.light}" opacity="${(0.35 + rand() * 0.5).toFixed(2)}" transform="rotate(${angle.toFixed(1)} ${w / 2} ${f(y)})"/>`;
    }
  } else if (variant === 2) {
    const cx = r(w * 0.2, w * 0.8);
    const cy = top + span * r(0.4, 0.7);
    for (let i = 7; i >= 1; i--) {
      out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(i * Math.min(w, span) * 0.1)}" fill="none" stroke="${i % 2 ? p.light : p.accent}" stroke-width="${f(r(6, 18))}" opacity="${(0.3 + i * 0.08).toFixed(2)}"/>`;
    }
  } else if (variant === 3) {
    const bars = 9 + Math.floor(rand() * 6);
    const bw = w / bars;
    for (let i = 0; i < bars; i++) {
      const bh = span * r(0.2, 0.85);
      out += `<rect x="${f(i * bw + 2)}" y="${f(h - bh)}" width="${f(bw - 4)}" height="${f(bh)}" fill="${i % 3 === 0 ? p.accent : p.light}" opacity="${(0.35 + rand() * 0.55).toFixed(2)}"/>`;
    }
  } else {
    for (let i = 0; i < 3; i++) {
      const radius = Math.min(w, span) * r(0.22, 0.42);
      out += `<circle cx="${f(r(0, w))}" cy="${f(top + span * r(0.3, 0.9))}" r="${f(radius)}" fill="${[p.light, p.accent, '#ffffff'][i]}" opacity="${[0.75, 0.6, 0.15][i]}"/>`;
    }
  }
  return out;
}

const FONT = `font-family="Inter, 'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif"`;

const PIXEL_WIDTHS: Record<string, number> = {
  w92: 92,
  w154: 154,
  w185: 185,
  w300: 300,
  w342: 342,
  w500: 500,
  w780: 780,
  w1280: 1280,
};
export { IMAGE_SIZES } from '@app/contracts';

/**
 * A designed poster for a film without TMDB's: the genre's palette, a composition from the id, and
 * the genre, title and year set in the upper part (the card's hover overlay covers the lower part).
 */
export function posterSvg(m: CatalogMovie, size: string): string {
  const p = paletteOf(m);
  const width = PIXEL_WIDTHS[size] ?? 500;
  const height = Math.round(width * 1.5);
  // Bigger type for shorter titles: at most 4 lines at every size.
  const [fontSize, chars] = m.title.length <= 24 ? [58, 12] : m.title.length <= 48 ? [46, 15] : [38, 19];
  const lines = wrapTitle(m.title, chars, 4);
  const year = m.release_date?.slice(0, 4) ?? '';
  const genre = GENRE_LABELS.get(m.genre_ids[0] ?? -1) ?? 'Film';
  const lineHeight = Math.round(fontSize * 1.08);
  const titleTop = 150;
  const text = lines
    .map(
      (l, i) =>
        `<text x="40" y="${titleTop + i * lineHeight}" font-size="${fontSize}" font-weight="800" fill="#fff" letter-spacing="-1">${escapeXml(l)}</text>`,
    )
    .join('');
  const yearY = titleTop + (lines.length - 1) * lineHeight + 52;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 500 750" role="img" aria-label="${escapeXml(`${m.title} poster`)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="#09090b"/><stop offset="0.45" stop-color="${p.dark}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>
<linearGradient id="sun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.accent}"/><stop offset="1" stop-color="${p.light}"/></linearGradient>
<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.55"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient></defs>
<rect width="500" height="750" fill="url(#g)"/>${composition(m.id, 500, 750, Math.min(yearY + 30, 420), p)}
<rect width="500" height="${Math.min(yearY + 60, 480)}" fill="url(#fade)"/>
<rect x="12" y="12" width="476" height="726" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="2"/>
<g ${FONT}><text x="40" y="78" font-size="20" font-weight="700" fill="${p.accent}" letter-spacing="5">${escapeXml(genre.toUpperCase())}</text>${text}
<text x="40" y="${yearY}" font-size="28" font-weight="500" fill="#e4e4e7" letter-spacing="3">${escapeXml(year)}</text></g>
</svg>`;
}

/** A backdrop: the palette and composition of the film's poster, wide, with no text of its own. */
export function backdropSvg(m: CatalogMovie, size: string): string {
  const p = paletteOf(m);
  const width = size === 'original' ? 1280 : (PIXEL_WIDTHS[size] ?? 1280);
  const height = Math.round((width * 9) / 16);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1280 720" role="img" aria-label="${escapeXml(`${m.title} backdrop`)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#09090b"/><stop offset="0.5" stop-color="${p.dark}"/><stop offset="1" stop-color="${p.light}"/></linearGradient>
<linearGradient id="sun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.accent}"/><stop offset="1" stop-color="${p.light}"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#g)"/><g transform="translate(480 0)">${composition(m.id, 800, 720, 40, p)}</g>
</svg>`;
}
