import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Link } from 'react-router';
import { startLibraryApi } from '../testing/library-api';
import { renderWithApp } from '../testing/render';
import { setPageShortcut } from '../lib/shortcuts';
import { Shortcuts } from './shortcuts';

// The auth client and the help are loaded on first use (dynamic imports): the first load compiles
// them, 3.6 s and 0.8 s at load 22 on this machine, which a test's one-second wait for the session
// or the help did not cover (it failed 5 runs in 5 at that load). Loaded once here, out of the
// tests' waits, so these measure the listener, not the compiler.
beforeAll(async () => {
  await Promise.all([import('../lib/auth-client'), import('./shortcuts-help'), import('./shortcut-actions')]);
}, 60_000);
/** The session is read from a local server: under load, more than waitFor's default second. */
const slow = { timeout: 10_000 };

let api: Awaited<ReturnType<typeof startLibraryApi>> | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

// Async: what a shortcut does is loaded on the first one (app/shortcut-actions.ts).
const key = (k: string, target: Element = document.body, init: KeyboardEventInit = {}) =>
  act(async () => {
    fireEvent.keyDown(target, { key: k, ...init });
  });

function Screen() {
  return (
    <>
      <Shortcuts />
      <input aria-label="Notes" />
      <Link to="/elsewhere">Go elsewhere</Link>
    </>
  );
}

describe('the shortcuts listener', { timeout: 30_000 }, () => {
  it('g l / g w / g h navigate, also when the page changes between the two keys', async () => {
    api = await startLibraryApi();
    const view = renderWithApp(<Screen />, { auth: true, path: '/start', route: '*' });
    // Pressed before the session is read, `g l` waits for it (it needs to know who is there)
    // and then goes: it is not dropped.
    await key('g');
    await key('l');
    expect(view.pathname()).toBe('/start');
    await waitFor(() => expect(view.pathname()).toBe('/liked'), slow);
    await key('g');
    await key('w');
    await waitFor(() => expect(view.pathname()).toBe('/watchlist'), slow);
    // `g`, then a navigation, then `h`: still home.
    await key('g');
    fireEvent.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    await waitFor(() => expect(view.pathname()).toBe('/elsewhere'));
    await key('h');
    await waitFor(() => expect(view.pathname()).toBe('/'));
  });

  it('c opens the chat (the widget hears it), or focuses the chat field where the page is the chat', async () => {
    api = await startLibraryApi();
    renderWithApp(<Screen />, { auth: true, path: '/start', route: '*' });
    let opened = 0;
    const onOpen = () => opened++;
    window.addEventListener('cinelog:open-chat', onOpen);
    try {
      await key('c', screen.getByLabelText('Notes')); // typing: not a shortcut
      expect(opened).toBe(0);
      await key('c');
      expect(opened).toBe(1);
      // On the chatbot page its field takes the focus instead.
      const field = document.createElement('input');
      field.id = 'chat-input';
      document.body.append(field);
      field.getClientRects = () => [{}] as unknown as DOMRectList;
      await key('c');
      expect(document.activeElement).toBe(field);
      expect(opened).toBe(1);
      field.remove();
    } finally {
      window.removeEventListener('cinelog:open-chat', onOpen);
    }
  });

  it('nothing fires while typing or with a modifier; l and w go to the page; ? opens the help', async () => {
    api = await startLibraryApi();
    const view = renderWithApp(<Screen />, { auth: true, path: '/start', route: '*' });
    const input = screen.getByLabelText('Notes');
    await key('g', input);
    await key('h', input);
    await key('g', document.body, { ctrlKey: true });
    await key('h');
    expect(view.pathname()).toBe('/start');
    let likes = 0;
    setPageShortcut('like', () => likes++);
    await key('l', input);
    await key('l', document.body, { metaKey: true });
    await key('l');
    expect(likes).toBe(1);
    setPageShortcut('like', null);
    await key('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' }, slow)).toBeTruthy();
    // With the help open, other shortcuts wait; Escape closes it.
    await key('g');
    await key('h');
    expect(view.pathname()).toBe('/start');
    await key('Escape');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
