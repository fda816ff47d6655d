import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

import { ratingWeight, SIGNAL_WEIGHTS, type SignalKind } from '@app/contracts/signals';

export { ratingWeight, SIGNAL_WEIGHTS, type SignalKind };
export type Signal = { user: string; item: number; timestamp: number; kind?: SignalKind; rating?: number };

export const signalWeight = (s: Signal): number =>
  s.kind === 'rated'
    ? ratingWeight(Number.isFinite(s.rating) ? s.rating! : 3)
    : (SIGNAL_WEIGHTS[s.kind ?? 'like'] ?? 1);

/**
 * A rating decides its (user, film) pair alone: the other signals of a rated film are dropped, so a
 * low rating counts against the film even when it is also marked watched or liked (the matrix
 * otherwise keeps a pair's strongest weight).
 */
export function ratingsDecide<S extends Signal>(signals: S[]): S[] {
  const rated = new Set(signals.flatMap((s) => (s.kind === 'rated' ? [`${s.user}\t${s.item}`] : [])));
  if (!rated.size) return signals;
  return signals.filter((s) => s.kind === 'rated' || !rated.has(`${s.user}\t${s.item}`));
}

/** A JSONL file of signals (`--signals FILE`: what the service last fetched from the API, or any export). */
export function readSignalsFile(file: string): Signal[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as Signal];
      } catch {
        return []; // a torn or foreign line is skipped, not fatal
      }
    })
    .filter((s) => typeof s.user === 'string' && Number.isInteger(s.item) && Number.isFinite(s.timestamp));
}

/**
 * What a set of signals is, whatever order the export wrote them in: a model records it, and the
 * service retrains when the export no longer matches (null when there are none).
 */
export function signalsFingerprint(signals: Signal[]): string | null {
  if (!signals.length) return null;
  const lines = signals
    .map(
      (s) =>
        `${s.user}\t${s.item}\t${s.timestamp}\t${s.kind ?? ''}${s.rating !== undefined ? `\t${s.rating}` : ''}`,
    )
    .sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}
