import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { HydrateLater, hydrateInParts } from './hydrate-later';

describe('hydrateInParts', () => {
  it("holds a plain click on the site's links until every part has hydrated, then clicks again; other clicks go through", async () => {
    document.body.innerHTML =
      '<a id="local" href="/movie/1">Film</a><a id="away" href="https://example.com/">Away</a><div id="root"></div>';
    const local = document.getElementById('local')!;
    const away = document.getElementById('away')!;
    const clicks: string[] = [];
    for (const a of [local, away])
      a.addEventListener('click', (e) => {
        e.preventDefault(); // no navigation in the test's document
        clicks.push(a.id);
      });
    const root = createRoot(document.getElementById('root')!);
    // A part taken in the first pass makes a turn (React renders it at once: only Preact keeps the
    // server's markup of a suspended part; what is tested here is the turn and the held click).
    const hydrated = hydrateInParts(() =>
      flushSync(() =>
        root.render(
          <HydrateLater>
            <p>part</p>
          </HydrateLater>,
        ),
      ),
    );
    local.click();
    away.click();
    local.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    // The plain click on our link is held; the other site's link and a ctrl-click (a new tab) are not.
    expect(clicks).toEqual(['away', 'local']);
    await act(() => hydrated);
    expect(clicks).toEqual(['away', 'local', 'local']);
    // Once hydrated, clicks are the app's again.
    local.click();
    expect(clicks).toEqual(['away', 'local', 'local', 'local']);
    act(() => root.unmount());
  });

  it('without parts, holds nothing', async () => {
    document.body.innerHTML = '<a id="local" href="/movie/1">Film</a>';
    const local = document.getElementById('local')!;
    let clicks = 0;
    local.addEventListener('click', (e) => {
      e.preventDefault();
      clicks++;
    });
    const hydrated = hydrateInParts(() => {});
    local.click();
    expect(clicks).toBe(1);
    await hydrated;
    expect(clicks).toBe(1);
  });
});
