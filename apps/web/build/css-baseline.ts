/**
 * Tailwind 4 writes, first in every stylesheet, a fallback for browsers without `@property`
 * (Safari before 16.4, Firefox before 128): `@layer properties{@supports (…){*,:before,…{--tw-…}}}`.
 * Those browsers are below the build's CSS baseline (`cssTarget` in vite.config.ts), so the block
 * is dead weight in every page's inline first-paint stylesheet (0.4 KB gzip of a movie page).
 * The `@property` rules that give the same initial values to every browser of the baseline stay.
 */
export function withoutPropertyFallback(css: string): string {
  const start = css.search(/@layer properties\s*\{\s*@supports\b/);
  if (start < 0) return css;
  let depth = 0;
  for (let i = css.indexOf('{', start); i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) return css.slice(0, start) + css.slice(i + 1);
  }
  return css; // unbalanced: not what Tailwind writes, left alone
}
