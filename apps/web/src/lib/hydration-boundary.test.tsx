import { lazy, useState, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HydrationBoundary } from './hydration-boundary';

/** A part of a page: a row with a button that counts its clicks and a link to a film. */
function Part({ name }: { name: string }) {
  const [clicks, setClicks] = useState(0);
  return (
    <section aria-label={name}>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        {`${name}: ${clicks}`}
      </button>
      <Link to={`/movie/${name}`}>{`Film ${name}`}</Link>
    </section>
  );
}

function Page({ parts }: { parts: ReactNode }) {
  return (
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<main>{parts}</main>} />
        <Route path="/movie/:id" element={<h1>The film</h1>} />
      </Routes>
    </MemoryRouter>
  );
}

const parts = (
  <>
    <HydrationBoundary>
      <Part name="hero" />
    </HydrationBoundary>
    <HydrationBoundary>
      <Part name="row" />
    </HydrationBoundary>
  </>
);

/** The page as the server sends it: its markup in #root, nothing hydrated. */
function serverPage(tree: ReactNode) {
  document.body.innerHTML = `<div id="root">${renderToString(tree)}</div>`;
  return document.getElementById('root')!;
}

const tasks = (ms = 50) => new Promise((r) => setTimeout(r, ms));

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
});

describe('HydrationBoundary (hydration in parts with React, decision 0088)', () => {
  it('each part is a Suspense boundary of the server markup, and keeps its elements through hydration', async () => {
    const container = serverPage(<Page parts={parts} />);
    // React's boundary markers: what lets hydrateRoot hydrate each part on its own.
    expect(container.innerHTML.match(/<!--\$-->/g)).toHaveLength(2);
    const before = [...container.querySelectorAll('section, button, a')];
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    root = hydrateRoot(container, <Page parts={parts} />, { onRecoverableError: recoverable });
    await tasks();
    // The same elements, now alive: no part rendered afresh, no mismatch.
    expect([...container.querySelectorAll('section, button, a')]).toEqual(before);
    before.forEach((el) => expect(el.isConnected).toBe(true));
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    (before[1] as HTMLButtonElement).click();
    await tasks();
    expect(before[1]!.textContent).toBe('hero: 1');
    consoleError.mockRestore();
  });

  it('a click on a button before hydration hydrates its part first and takes effect', async () => {
    const container = serverPage(<Page parts={parts} />);
    root = hydrateRoot(container, <Page parts={parts} />);
    // Clicked at once: hydrateRoot has only scheduled the work, no part is hydrated yet.
    const button = container.querySelector<HTMLButtonElement>('[aria-label="row"] button')!;
    button.click();
    await tasks();
    expect(button.textContent).toBe('row: 1');
    expect(button.isConnected).toBe(true);
    expect(container.querySelector('[aria-label="hero"] button')!.textContent).toBe('hero: 0');
  });

  it("a click on a link before hydration is the router's navigation, not a page load", async () => {
    const container = serverPage(<Page parts={parts} />);
    root = hydrateRoot(container, <Page parts={parts} />);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    container.querySelector('[aria-label="row"] a')!.dispatchEvent(click);
    // The router's handler ran: it kept the browser from loading the page.
    expect(click.defaultPrevented).toBe(true);
    await tasks();
    expect(container.querySelector('h1')?.textContent).toBe('The film');
  });

  it("a part whose code has not arrived keeps its server markup, and a click on it is lost: why main.tsx hydrates only once the screen's chunks are there", async () => {
    const container = serverPage(<Page parts={parts} />);
    let arrive!: (m: { default: ComponentType<{ name: string }> }) => void;
    const Later = lazy(() => new Promise<{ default: ComponentType<{ name: string }> }>((r) => (arrive = r)));
    root = hydrateRoot(
      container,
      <Page
        parts={
          <>
            <HydrationBoundary>
              <Part name="hero" />
            </HydrationBoundary>
            <HydrationBoundary>
              <Later name="row" />
            </HydrationBoundary>
          </>
        }
      />,
    );
    await tasks();
    const button = container.querySelector<HTMLButtonElement>('[aria-label="row"] button')!;
    expect(button.textContent).toBe('row: 0');
    button.click();
    arrive({ default: Part });
    await tasks(100);
    // Its markup was kept and is now alive, but the click made while it waited did nothing.
    expect(button.isConnected).toBe(true);
    expect(button.textContent).toBe('row: 0');
    button.click();
    await tasks();
    expect(button.textContent).toBe('row: 1');
  });
});
