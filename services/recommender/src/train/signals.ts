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
