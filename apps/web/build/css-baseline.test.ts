// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { withoutPropertyFallback } from './css-baseline';

const FALLBACK =
  '@layer properties{@supports (((-webkit-hyphens:none)) and (not (margin-trim:block))) or ((-moz-orient:inline) and (not (color:rgb(from red r g b)))){*,:before,:after,::backdrop{--tw-shadow:0 0 #0000;--tw-ring-offset-width:0px}}}';
const REST =
  '@layer theme{:root{--color-red-500:oklch(63.7% .237 25.331)}}@layer utilities{.shadow{box-shadow:var(--tw-shadow)}}@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}';

describe("the stylesheet without Tailwind's fallback for browsers below the baseline", () => {
  it('drops the @supports fallback block and keeps every other rule, the @property ones included', () => {
    const header = '/*! tailwindcss v4 | MIT License */\n';
    expect(withoutPropertyFallback(header + FALLBACK + REST)).toBe(header + REST);
  });

  it('leaves a stylesheet without the block, or with a layer of that name that is not the fallback, as it is', () => {
    expect(withoutPropertyFallback(REST)).toBe(REST);
    const own = '@layer properties{.x{color:red}}' + REST;
    expect(withoutPropertyFallback(own)).toBe(own);
  });

  it('leaves an unbalanced block alone rather than cutting the rest of the sheet', () => {
    const broken = FALLBACK.slice(0, -2) + REST.replace(/\}/g, '');
    expect(withoutPropertyFallback(broken)).toBe(broken);
  });
});
