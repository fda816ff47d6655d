import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readWhole } from '../src/load';

const dir = mkdtempSync(join(tmpdir(), 'read-whole-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readWhole', () => {
  it.each([0, 1, 512 * 1024 + 7, 5 * 1024 * 1024 + 3])(
    'returns the bytes of a %i-byte file',
    async (size) => {
      const file = join(dir, `f${size}`);
      writeFileSync(file, randomBytes(size));
      const bytes = await readWhole(file);
      expect(bytes.length).toBe(size);
      expect(bytes.equals(readFileSync(file))).toBe(true);
    },
  );

  it('rejects for a missing file', async () => {
    await expect(readWhole(join(dir, 'missing'))).rejects.toThrow(/ENOENT/);
  });
});
