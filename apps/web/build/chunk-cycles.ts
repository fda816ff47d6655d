/** A built chunk as the bundle describes it: its file and the files it imports statically. */
export interface ChunkLike {
  fileName: string;
  imports: readonly string[];
}

/**
 * A cycle of static imports between chunks (the files in order, the first repeated last), or null.
 * Where two chunks import each other, one of them runs before the other has defined what it
 * needs: "Class extends value undefined" at load. Merging the screens' shared modules into fewer
 * chunks (vite.config.ts) can make one, so the build refuses it.
 */
export function findChunkCycle(chunks: readonly ChunkLike[]): string[] | null {
  const imports = new Map(chunks.map((c) => [c.fileName, c.imports]));
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string): string[] | null => {
    if (onPath.has(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file)) return null;
    path.push(file);
    onPath.add(file);
    for (const next of imports.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
    return null;
  };
  for (const { fileName } of chunks) {
    const cycle = visit(fileName);
    if (cycle) return cycle;
  }
  return null;
}
