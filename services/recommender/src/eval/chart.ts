import type { Metrics } from './protocol';

/** A grouped bar chart (HR@10, NDCG@10, Recall@20 per method) as a standalone SVG. */
export function chartSvg(methods: Record<string, Metrics>): string {
  const names = Object.keys(methods);
  const series: [keyof Metrics, string, string][] = [
    ['hr10', 'HR@10', '#2563eb'],
    ['ndcg10', 'NDCG@10', '#dc2626'],
    ['recall20', 'Recall@20', '#16a34a'],
  ];
  const max = Math.max(0.01, ...names.flatMap((n) => series.map(([k]) => methods[n]![k] as number)));
  const groupW = 120;
  const barW = 30;
  const h = 260;
  const left = 50;
  const width = left + names.length * groupW + 20;
  const y = (v: number) => 20 + h - (v / max) * h;
  let bars = '';
  names.forEach((name, gi) => {
    series.forEach(([key, , colour], si) => {
      const v = methods[name]![key] as number;
      const x = left + gi * groupW + 10 + si * (barW + 4);
      bars += `<rect x="${x}" y="${y(v).toFixed(1)}" width="${barW}" height="${(20 + h - y(v)).toFixed(1)}" fill="${colour}"><title>${name} ${key}: ${v.toFixed(4)}</title></rect>`;
      bars += `<text x="${x + barW / 2}" y="${(y(v) - 4).toFixed(1)}" font-size="9" text-anchor="middle">${v.toFixed(3)}</text>`;
    });
    bars += `<text x="${left + gi * groupW + 58}" y="${h + 40}" font-size="11" text-anchor="middle">${name.replace(/&/g, '&amp;')}</text>`;
  });
  const legend = series
    .map(
      ([, label, colour], i) =>
        `<rect x="${left + i * 110}" y="${h + 58}" width="12" height="12" fill="${colour}"/><text x="${left + i * 110 + 16}" y="${h + 69}" font-size="11">${label}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${h + 80}" font-family="Helvetica, Arial, sans-serif">
<rect width="100%" height="100%" fill="#fff"/><line x1="${left}" y1="${20 + h}" x2="${width - 10}" y2="${20 + h}" stroke="#333"/>
${bars}${legend}</svg>
`;
}
