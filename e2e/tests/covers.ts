import type { Page } from 'playwright-core';

/**
 * What the visible "Open movie chatbot" button is drawn over: the controls, text, pictures, chart
 * shapes and coloured bars painted below it (found by hit-testing a grid of points inside it, so
 * what an ancestor clips or covers, or what lies above the button, does not count), each described
 * in a few words. Ignored: the button's own ancestors and what lies inside it, and a decorative
 * picture as wide as most of the screen (the hero's backdrop under the top bar). Empty when nothing
 * is covered or no such button shows.
 */
export function chatButtonCovers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const button = Array.from(
      document.querySelectorAll<HTMLElement>('button[aria-label="Open movie chatbot"]'),
    ).find((b) => b.getClientRects().length > 0 && getComputedStyle(b).visibility !== 'hidden');
    if (!button) return [];
    const b = button.getBoundingClientRect();
    const meets = (r: DOMRect) =>
      r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom;
    const INTERACTIVE =
      'a[href], button, input, select, textarea, summary, [role="button"], [role="slider"], [role="switch"], [role="link"], [tabindex]:not([tabindex="-1"])';
    const seen = new Set<Element>();
    const found: string[] = [];
    const describe = (el: Element, why: string) => {
      const label =
        el.getAttribute('aria-label') ?? el.getAttribute('alt') ?? (el.textContent ?? '').trim().slice(0, 40);
      found.push(`${why} <${el.tagName.toLowerCase()}> "${label}"`);
    };
    // Painted text of the element's own that meets the button.
    const paintsText = (el: Element) => {
      for (const node of Array.from(el.childNodes)) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        if (Array.from(range.getClientRects()).some(meets)) return true;
      }
      return false;
    };
    // What an element below the button is, when it counts: a control, a picture, a shape or text.
    const coverKind = (el: Element): string | null => {
      if (getComputedStyle(el).visibility === 'hidden') return null;
      // Transparent (itself or an ancestor: a card's actions before it is pointed at).
      let transparent = false;
      for (let a: Element | null = el; a && !transparent; a = a.parentElement)
        transparent = Number(getComputedStyle(a).opacity) === 0;
      if (transparent) return null;
      const r = el.getBoundingClientRect();
      if (el.matches(INTERACTIVE)) return 'control';
      const tag = el.tagName.toLowerCase();
      const graphic =
        ['img', 'canvas', 'video'].includes(tag) ||
        (el instanceof SVGElement && tag !== 'svg' && tag !== 'g' && tag !== 'defs');
      if (graphic) {
        const decorative =
          r.width > window.innerWidth * 0.6 &&
          (el.closest('[aria-hidden="true"]') !== null || el.getAttribute('alt') === '');
        return decorative ? null : 'picture';
      }
      // A shape drawn by a box of its own: a leaf with a colour (a bar of /stats' rankings).
      const bg = getComputedStyle(el).backgroundColor;
      if (
        el.children.length === 0 &&
        !/^(transparent|rgba\(.*, 0\))$/.test(bg) &&
        r.width * r.height < window.innerWidth * window.innerHeight * 0.25
      )
        return 'shape';
      return paintsText(el) ? 'text' : null;
    };
    const N = 6;
    for (let i = 0; i < N; i++)
      for (let j = 0; j < N; j++) {
        const x = b.left + 2 + ((b.width - 4) * i) / (N - 1);
        const y = b.top + 2 + ((b.height - 4) * j) / (N - 1);
        // Only what is painted below the button at this point (a dialog above it covers it instead).
        const stack = document.elementsFromPoint(x, y);
        const at = stack.findIndex((el) => el === button || button.contains(el));
        if (at < 0) continue;
        for (const el of stack.slice(at + 1)) {
          if (seen.has(el) || el.contains(button)) continue;
          seen.add(el);
          const why = coverKind(el);
          if (why) describe(el, why);
        }
      }
    return found;
  });
}
