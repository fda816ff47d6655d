import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

/** What the user did: a like, a watched mark, a playlist entry, or a weaker "want to watch". */
export type SignalKind = 'like' | 'watched' | 'playlist' | 'want_to_watch';
export type Signal = { user: string; item: number; timestamp: number; kind?: SignalKind };

/** How much a signal says the user liked the film (an export without kinds counts as likes). */
export const SIGNAL_WEIGHTS: Record<SignalKind, number> = {
  like: 1,
  watched: 1,
  playlist: 0.8,
  want_to_watch: 0.3,
};

export const signalWeight = (s: Signal): number => SIGNAL_WEIGHTS[s.kind ?? 'like'] ?? 1;

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
  const lines = signals.map((s) => `${s.user}\t${s.item}\t${s.timestamp}\t${s.kind ?? ''}`).sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}
