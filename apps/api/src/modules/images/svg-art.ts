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

type Draw = (c: {
  w: number;
  h: number;
  top: number;
  span: number;
  p: Palette;
  r: (a: number, b: number) => number;
  rand: () => number;
}) => string;

const f = (n: number) => n.toFixed(0);
const op = (n: number) => n.toFixed(2);

/**
 * The motifs a generated poster is drawn from, each with its proportions from the film's id: so
 * two films side by side in a row rarely share one, and the same film always looks the same.
 */
const MOTIFS: readonly Draw[] = [
  // A setting sun cut by stripes.
  ({ w, top, span, p, r }) => {
    const cx = r(w * 0.3, w * 0.7);
    const radius = r(0.28, 0.4) * Math.min(w, span * 1.6);
    const cy = top + span * r(0.45, 0.6);
    let out = `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(radius)}" fill="url(#sun)"/>`;
    for (let i = 0; i < 6; i++) {
      const y = cy + radius * (0.1 + i * 0.16);
      out += `<rect x="0" y="${f(y)}" width="${w}" height="${f(4 + i * 3)}" fill="${p.dark}"/>`;
    }
    return out;
  },
  // Diagonal bands.
  ({ w, top, span, p, r, rand }) => {
    const angle = r(-35, -15);
    let out = '';
    for (let i = 0; i < 5; i++) {
      const y = top + span * (0.15 + i * 0.2) + r(-20, 20);
      const band = r(span * 0.06, span * 0.14);
      out += `<rect x="${-w}" y="${f(y)}" width="${w * 3}" height="${f(band)}" fill="${i % 2 ? p.accent : p.light}" opacity="${op(0.35 + rand() * 0.5)}" transform="rotate(${angle.toFixed(1)} ${w / 2} ${f(y)})"/>`;
    }
    return out;
  },
  // Rings.
  ({ w, top, span, p, r }) => {
    const cx = r(w * 0.2, w * 0.8);
    const cy = top + span * r(0.4, 0.7);
    let out = '';
    for (let i = 7; i >= 1; i--) {
      out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(i * Math.min(w, span) * 0.1)}" fill="none" stroke="${i % 2 ? p.light : p.accent}" stroke-width="${f(r(6, 18))}" opacity="${op(0.3 + i * 0.08)}"/>`;
    }
    return out;
  },
  // A skyline of bars.
  ({ w, h, span, p, r, rand }) => {
    const bars = 9 + Math.floor(rand() * 6);
    const bw = w / bars;
    let out = '';
    for (let i = 0; i < bars; i++) {
      const bh = span * r(0.2, 0.85);
      out += `<rect x="${f(i * bw + 2)}" y="${f(h - bh)}" width="${f(bw - 4)}" height="${f(bh)}" fill="${i % 3 === 0 ? p.accent : p.light}" opacity="${op(0.35 + rand() * 0.55)}"/>`;
    }
    return out;
  },
  // Stacked discs.
  ({ w, top, span, p, r }) => {
    let out = '';
    for (let i = 0; i < 3; i++) {
      const radius = Math.min(w, span) * r(0.22, 0.42);
      out += `<circle cx="${f(r(0, w))}" cy="${f(top + span * r(0.3, 0.9))}" r="${f(radius)}" fill="${[p.light, p.accent, '#ffffff'][i]}" opacity="${[0.75, 0.6, 0.15][i]}"/>`;
    }
    return out;
  },
  // Waves.
  ({ w, h, top, span, p, r }) => {
    let out = '';
    const count = 5;
    for (let i = 0; i < count; i++) {
      const y = top + span * (0.2 + (i * 0.75) / count);
      const amp = r(12, 40);
      const len = w / r(1.2, 2.6);
      let d = `M0 ${f(y)}`;
      for (let x = 0; x <= w + len; x += len)
        d += ` q${f(len / 4)} ${f(-amp)} ${f(len / 2)} 0 t${f(len / 2)} 0`;
      d += ` V${h} H0 Z`;
      out += `<path d="${d}" fill="${i % 2 ? p.accent : p.light}" opacity="${op(0.18 + i * 0.1)}"/>`;
    }
    return out;
  },
  // Mountain ridges.
  ({ w, h, top, span, p, r }) => {
    let out = '';
    for (let i = 0; i < 3; i++) {
      const base = top + span * (0.35 + i * 0.2);
      const peaks = 3 + i;
      let pts = `0,${h} 0,${f(base)}`;
      for (let k = 1; k <= peaks; k++) {
        const x = (k - 0.5) * (w / peaks) + r(-20, 20);
        pts += ` ${f(x)},${f(base - r(span * 0.1, span * 0.3))} ${f(k * (w / peaks))},${f(base + r(-10, 20))}`;
      }
      out += `<polygon points="${pts} ${w},${h}" fill="${[p.accent, p.light, p.dark][i]}" opacity="${op(0.45 + i * 0.25)}"/>`;
    }
    return out;
  },
  // A mosaic of tiles.
  ({ w, h, top, p, r, rand }) => {
    const size = r(48, 80);
    let out = '';
    for (let y = top + 20; y < h; y += size) {
      for (let x = 0; x < w; x += size) {
        const v = rand();
        if (v < 0.45) continue;
        out += `<rect x="${f(x + 3)}" y="${f(y + 3)}" width="${f(size - 6)}" height="${f(size - 6)}" fill="${v > 0.8 ? p.accent : p.light}" opacity="${op(0.2 + rand() * 0.6)}"/>`;
      }
    }
    return out;
  },
  // A night sky: a moon and stars.
  ({ w, h, top, span, p, r, rand }) => {
    const cx = r(w * 0.25, w * 0.75);
    const cy = top + span * r(0.2, 0.4);
    const radius = r(50, 90);
    let out = `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(radius)}" fill="${p.light}" opacity="0.85"/>`;
    out += `<circle cx="${f(cx + radius * 0.35)}" cy="${f(cy - radius * 0.2)}" r="${f(radius * 0.9)}" fill="${p.dark}"/>`;
    for (let i = 0; i < 40; i++) {
      out += `<circle cx="${f(rand() * w)}" cy="${f(top + rand() * (h - top))}" r="${(0.8 + rand() * 2.4).toFixed(1)}" fill="#fff" opacity="${op(0.3 + rand() * 0.6)}"/>`;
    }
    return out;
  },
  // Nested frames, turned.
  ({ w, top, span, p, r }) => {
    const cx = w / 2 + r(-60, 60);
    const cy = top + span * r(0.45, 0.6);
    const angle = r(-20, 20);
    let out = '';
    for (let i = 6; i >= 1; i--) {
      const s = i * Math.min(w, span) * 0.13;
      out += `<rect x="${f(cx - s / 2)}" y="${f(cy - s / 2)}" width="${f(s)}" height="${f(s)}" fill="none" stroke="${i % 2 ? p.accent : p.light}" stroke-width="${f(r(4, 12))}" opacity="${op(0.3 + i * 0.09)}" transform="rotate(${angle.toFixed(1)} ${f(cx)} ${f(cy)})"/>`;
    }
    return out;
  },
  // A stage curtain.
  ({ w, h, top, p, r }) => {
    const folds = 10 + Math.floor(r(0, 6));
    const fw = w / folds;
    let out = '';
    for (let i = 0; i < folds; i++) {
      out += `<rect x="${f(i * fw)}" y="${f(top)}" width="${f(fw * 0.55)}" height="${f(h - top)}" fill="${p.light}" opacity="${op(0.15 + (i % 3) * 0.12)}"/>`;
    }
    out += `<ellipse cx="${f(w / 2)}" cy="${f(h)}" rx="${f(w * r(0.3, 0.45))}" ry="${f(r(60, 120))}" fill="${p.accent}" opacity="0.7"/>`;
    return out;
  },
  // A spotlight.
  ({ w, h, top, p, r }) => {
    const x = r(w * 0.2, w * 0.8);
    const spread = r(0.25, 0.45) * w;
    let out = `<polygon points="${f(x - 12)},${f(top)} ${f(x + 12)},${f(top)} ${f(x + spread)},${h} ${f(x - spread)},${h}" fill="${p.light}" opacity="0.35"/>`;
    out += `<ellipse cx="${f(x)}" cy="${f(h - 40)}" rx="${f(spread)}" ry="${f(r(30, 50))}" fill="${p.accent}" opacity="0.75"/>`;
    return out;
  },
  // Lightning zigzags.
  ({ w, h, top, p, r }) => {
    let out = '';
    for (let i = 0; i < 3; i++) {
      let x = r(w * 0.1, w * 0.9);
      let d = `M${f(x)} ${f(top)}`;
      for (let y = top; y < h;) {
        y += r(40, 90);
        x += r(-70, 70);
        d += ` L${f(x)} ${f(y)}`;
      }
      out += `<path d="${d}" fill="none" stroke="${i === 0 ? p.accent : p.light}" stroke-width="${f(r(4, 14))}" stroke-linejoin="miter" opacity="${op(0.4 + i * 0.15)}"/>`;
    }
    return out;
  },
  // A film strip across the poster.
  ({ w, top, span, p, r }) => {
    const y = top + span * r(0.3, 0.6);
    const angle = r(-25, 25);
    const height = r(110, 150);
    let out = `<g transform="rotate(${angle.toFixed(1)} ${w / 2} ${f(y)})"><rect x="${-w}" y="${f(y)}" width="${w * 3}" height="${f(height)}" fill="#0a0a0a" opacity="0.85"/>`;
    for (let x = -w; x < w * 2; x += 34) {
      out += `<rect x="${x}" y="${f(y + 8)}" width="18" height="12" fill="${p.light}" opacity="0.8"/><rect x="${x}" y="${f(y + height - 20)}" width="18" height="12" fill="${p.light}" opacity="0.8"/>`;
    }
    for (let x = -w + 10; x < w * 2; x += 130) {
      out += `<rect x="${x}" y="${f(y + 28)}" width="110" height="${f(height - 56)}" fill="${p.accent}" opacity="${op(0.35 + ((x / 130) % 3) * 0.1)}"/>`;
    }
    return `${out}</g>`;
  },
  // An eclipse.
  ({ w, top, span, p, r }) => {
    const cx = r(w * 0.3, w * 0.7);
    const cy = top + span * r(0.4, 0.6);
    const radius = r(0.25, 0.35) * Math.min(w, span * 1.4);
    return (
      `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(radius * 1.25)}" fill="${p.accent}" opacity="0.25"/>` +
      `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(radius * 1.08)}" fill="${p.light}" opacity="0.8"/>` +
      `<circle cx="${f(cx + radius * r(-0.2, 0.2))}" cy="${f(cy + radius * r(-0.1, 0.1))}" r="${f(radius)}" fill="#09090b"/>`
    );
  },
];

/** How many motifs a generated poster can be drawn from. */
export const MOTIF_COUNT = MOTIFS.length;

/** The film's motif: a hash of its id, so neighbouring ids (a catalog's runs) do not cycle in step. */
export function motifOf(id: number): number {
  return Math.floor(seeded(id ^ 0x5bd1e995)() * MOTIFS.length);
}

/**
 * The film's composition: its motif, with proportions from the id's generator, drawn in a w×h box
 * whose upper part (top) is left calm for the text.
 */
export function composition(id: number, w: number, h: number, top: number, p: Palette): string {
  const rand = seeded(id);
  const r = (a: number, b: number) => a + rand() * (b - a);
  return MOTIFS[motifOf(id)]!({ w, h, top, span: h - top, p, r, rand });
}

/**
 * The label above the title: the film's genres, as many as fit on the line (at most three), so a
 * film on a genre's page is not labelled with another genre only.
 */
export function genreLabel(genreIds: readonly number[], maxChars = 30): string {
  const names = genreIds.map((g) => GENRE_LABELS.get(g)).filter((n): n is string => Boolean(n));
  let label = '';
  for (const name of names.slice(0, 3)) {
    const next = label ? `${label} · ${name}` : name;
    if (next.length > maxChars) break;
    label = next;
  }
  return (label || 'Film').toUpperCase();
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
  const genre = genreLabel(m.genre_ids);
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
<g ${FONT}><text x="40" y="78" font-size="18" font-weight="700" fill="${p.accent}" letter-spacing="3">${escapeXml(genre)}</text>${text}
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
