import { existsSync, readFileSync, unwatchFile, watchFile } from 'node:fs';
import { join } from 'node:path';
import { currentArtifactName, modelsDir, readArtifact, type ModelArtifact } from '../model/artifact';
import type { ModelHolder } from './server';

/**
 * Holds the served model and swaps in a new one when `models/current` changes: the new artifact is
 * read in full first, then replaces the old in one assignment, so no request sees a gap.
 */
export class ModelStore implements ModelHolder {
  private model: ModelArtifact | null = null;
  private name: string | null = null;
  private eval: unknown = null;

  constructor(
    private readonly dataDir: string,
    private readonly log: (msg: string) => void = () => {},
  ) {}

  current(): ModelArtifact | null {
    return this.model;
  }

  evaluation(): unknown {
    return this.eval;
  }

  /** Loads whatever `current` points to, if it is not the model already served. */
  reload(): boolean {
    const name = currentArtifactName(this.dataDir);
    if (!name || name === this.name) return false;
    const next = readArtifact(this.dataDir, name);
    const evalFile = join(modelsDir(this.dataDir), 'last-evaluation.json');
    this.eval = existsSync(evalFile) ? JSON.parse(readFileSync(evalFile, 'utf8')) : null;
    this.model = next;
    this.name = name;
    this.log(`serving model ${next.version} (${next.items} movies)`);
    return true;
  }

  watch(intervalMs = 2000): () => void {
    const file = join(modelsDir(this.dataDir), 'current');
    const onChange = () => {
      try {
        this.reload();
      } catch (err) {
        this.log(`could not load the new model, still serving the old one: ${(err as Error).message}`);
      }
    };
    watchFile(file, { interval: intervalMs }, onChange);
    return () => unwatchFile(file, onChange);
  }
}
