import type { CatalogMovie } from '@app/catalog';

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

function shapes(id: number, w: number, h: number, colour: string): string {
  const rand = seeded(id);
  let out = '';
  for (let i = 0; i < 6; i++) {
    const r = (0.15 + rand() * 0.35) * Math.min(w, h);
    out += `<circle cx="${(rand() * w).toFixed(0)}" cy="${(rand() * h).toFixed(0)}" r="${r.toFixed(0)}" fill="${colour}" opacity="${(0.08 + rand() * 0.12).toFixed(2)}"/>`;
  }
  return out;
}

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
export const IMAGE_SIZES = [...Object.keys(PIXEL_WIDTHS), 'original'] as const;

export function posterSvg(m: CatalogMovie, size: string): string {
  const [a, b] = PALETTES[m.genre_ids[0] ?? -1] ?? DEFAULT_PALETTE;
  const width = PIXEL_WIDTHS[size] ?? 500;
  const height = Math.round(width * 1.5);
  const lines = wrapTitle(m.title, 14, 4);
  const year = m.release_date?.slice(0, 4) ?? '';
  const startY = 520 - (lines.length - 1) * 30;
  const text = lines
    .map(
      (l, i) =>
        `<text x="250" y="${startY + i * 60}" text-anchor="middle" font-size="48" font-weight="700" fill="#fff">${escapeXml(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 500 750" role="img" aria-label="${escapeXml(`${m.title} poster`)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="${b}"/><stop offset="1" stop-color="${a}"/></linearGradient></defs>
<rect width="500" height="750" fill="url(#g)"/>${shapes(m.id, 500, 750, '#ffffff')}
<rect x="0" y="${startY - 90}" width="500" height="${lines.length * 60 + 110}" fill="#000" opacity="0.35"/>
<g font-family="Inter, Helvetica, Arial, sans-serif">${text}
<text x="250" y="${startY + lines.length * 60}" text-anchor="middle" font-size="28" fill="#e5e7eb" letter-spacing="4">${escapeXml(year)}</text></g>
</svg>`;
}

export function backdropSvg(m: CatalogMovie, size: string): string {
  const [a, b] = PALETTES[m.genre_ids[0] ?? -1] ?? DEFAULT_PALETTE;
  const width = size === 'original' ? 1280 : (PIXEL_WIDTHS[size] ?? 1280);
  const height = Math.round((width * 9) / 16);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1280 720" role="img" aria-label="${escapeXml(`${m.title} backdrop`)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#g)"/>${shapes(m.id + 7, 1280, 720, '#ffffff')}
<text x="1240" y="680" text-anchor="end" font-family="Inter, Helvetica, Arial, sans-serif" font-size="120" font-weight="800" fill="#ffffff" opacity="0.12">${escapeXml(wrapTitle(m.title, 18, 1)[0] ?? '')}</text>
</svg>`;
}
