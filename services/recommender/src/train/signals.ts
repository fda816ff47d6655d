import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Signal = { user: string; item: number; timestamp: number };

/** The API's export (DATA_DIR/signals/signals.jsonl), written every 10 minutes while it runs. */
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

export const defaultSignalsFile = (dataDir: string) => join(dataDir, 'signals', 'signals.jsonl');

/**
 * What a set of signals is, whatever order the export wrote them in: a model records it, and the
 * service retrains when the export no longer matches (null when there are none).
 */
export function signalsFingerprint(signals: Signal[]): string | null {
  if (!signals.length) return null;
  const lines = signals.map((s) => `${s.user}\t${s.item}\t${s.timestamp}`).sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}
