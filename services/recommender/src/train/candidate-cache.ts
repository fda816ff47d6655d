import { closeSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Seeds' entries per block of a spilled cache (2 MB of ids and scores a block). */
const BLOCK_ENTRIES = 1 << 18;

/**
 * The training's first-pass candidates, each seed's best `perSeed` (catalog index, relevance as a
 * float32) in order, read again in the second pass (decision 0107). Held in memory while the
 * catalog's fit in `maxEntries`; beyond, written to a file block by block as the first pass makes
 * them and read back block by block in the second, which walks the seeds in the same order. A
 * seed's candidates are then never scored twice: at a million films the second pass had scored
 * 950,000 seeds again, half of the training's time (issue 45).
 */
export class CandidateCache {
  /** Seeds per block; the whole catalog when held in memory. */
  readonly seedsPerBlock: number;
  readonly spilled: boolean;
  private readonly ids: Int32Array;
  private readonly rel: Float32Array;
  private readonly bytes: Uint8Array;
  /** The file of a spilled cache, once its first block is written. */
  path: string | undefined;
  private fd = -1;
  /** The block the buffer holds (being written in the first pass, read in the second). */
  private block = 0;
  private written = 0;

  constructor(
    readonly seeds: number,
    readonly perSeed: number,
    maxEntries: number,
    private readonly dir?: string,
    blockEntries = BLOCK_ENTRIES,
  ) {
    this.spilled = seeds * perSeed > maxEntries;
    this.seedsPerBlock = this.spilled ? Math.max(1, Math.floor(blockEntries / perSeed)) : Math.max(1, seeds);
    const entries = this.seedsPerBlock * perSeed;
    const buf = new ArrayBuffer(entries * 8);
    this.ids = new Int32Array(buf, 0, entries).fill(-1);
    this.rel = new Float32Array(buf, entries * 4, entries);
    this.bytes = new Uint8Array(buf);
  }

  /** Seed `i`'s candidates, best first (at most `perSeed` kept). In a spilled cache seeds come in order. */
  put(i: number, top: readonly (readonly [number, number])[]): void {
    const b = Math.floor(i / this.seedsPerBlock);
    if (b !== this.block) {
      if (!this.spilled || b !== this.block + 1) throw new Error(`candidates of seed ${i} out of order`);
      this.writeBlock();
      this.block = b;
    }
    const at = (i - b * this.seedsPerBlock) * this.perSeed;
    const n = Math.min(top.length, this.perSeed);
    for (let k = 0; k < n; k++) {
      this.ids[at + k] = top[k]![0];
      this.rel[at + k] = top[k]![1];
    }
    this.ids.fill(-1, at + n, at + this.perSeed);
  }

  /** Calls `f` with each of seed `i`'s candidates, best first. A spilled cache is read in seed order. */
  forEach(i: number, f: (j: number, rel: number) => void): void {
    const b = Math.floor(i / this.seedsPerBlock);
    if (b !== this.block) this.readBlock(b);
    const at = (i - b * this.seedsPerBlock) * this.perSeed;
    for (let k = 0; k < this.perSeed; k++) {
      const j = this.ids[at + k]!;
      if (j < 0) break;
      f(j, this.rel[at + k]!);
    }
  }

  private writeBlock(): void {
    if (this.fd < 0) {
      const dir = this.dir ?? tmpdir();
      mkdirSync(dir, { recursive: true });
      this.path = join(dir, `candidates.${process.pid}.${Date.now()}.tmp`);
      this.fd = openSync(this.path, 'w+');
    }
    const size = this.bytes.length;
    let done = 0;
    while (done < size) done += writeSync(this.fd, this.bytes, done, size - done, this.block * size + done);
    this.written = Math.max(this.written, this.block + 1);
    this.ids.fill(-1);
  }

  private readBlock(b: number): void {
    if (!this.spilled) throw new Error(`seed block ${b} of an in-memory cache`);
    // The first pass's last block is still in the buffer: written now, so every block is on file.
    if (this.written <= this.block) this.writeBlock();
    if (b >= this.written) throw new Error(`seed block ${b} was never written`);
    const size = this.bytes.length;
    let done = 0;
    while (done < size) {
      const n = readSync(this.fd, this.bytes, done, size - done, b * size + done);
      if (n === 0) throw new Error('the candidates file is shorter than written');
      done += n;
    }
    this.block = b;
  }

  /** Closes and removes the file of a spilled cache. */
  dispose(): void {
    if (this.fd >= 0) closeSync(this.fd);
    if (this.path) rmSync(this.path, { force: true });
    this.fd = -1;
    this.path = undefined;
  }
}
