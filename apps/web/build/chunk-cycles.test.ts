import { describe, expect, it } from 'vitest';
import { findChunkCycle } from './chunk-cycles';

describe('findChunkCycle', () => {
  it('finds none in a tree or a diamond of imports', () => {
    expect(
      findChunkCycle([
        { fileName: 'index.js', imports: ['framework.js', 'shared-a.js'] },
        { fileName: 'home.js', imports: ['shared-a.js', 'shared-b.js', 'framework.js'] },
        { fileName: 'shared-a.js', imports: ['framework.js'] },
        { fileName: 'shared-b.js', imports: ['shared-a.js', 'framework.js'] },
        { fileName: 'framework.js', imports: [] },
      ]),
    ).toBeNull();
  });

  it('names the chunks of a cycle in order, however long', () => {
    expect(
      findChunkCycle([
        { fileName: 'home.js', imports: ['shared-a.js'] },
        { fileName: 'shared-a.js', imports: ['shared-b.js'] },
        { fileName: 'shared-b.js', imports: ['framework.js', 'shared-a.js'] },
        { fileName: 'framework.js', imports: [] },
      ]),
    ).toEqual(['shared-a.js', 'shared-b.js', 'shared-a.js']);
    expect(findChunkCycle([{ fileName: 'a.js', imports: ['a.js'] }])).toEqual(['a.js', 'a.js']);
  });
});
