import type { ReactNode } from 'react';

const btn = 'rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-50';
export const primaryBtn = `${btn} bg-red-700 hover:bg-red-600`;
export const quietBtn = `${btn} ring-1 ring-white/15 hover:bg-white/10`;

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-zinc-900 p-5 ring-1 ring-white/10 sm:p-6">
      <h2 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;
