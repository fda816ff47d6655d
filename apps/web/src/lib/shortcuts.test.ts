import { afterEach, describe, expect, it } from 'vitest';
import { KeySequence, isTyping, runPageShortcut, SEQUENCE_TIMEOUT_MS, setPageShortcut } from './shortcuts';

const press = (seq: KeySequence, keys: string[], start = 0, gap = 100) =>
  keys.map((key, i) => seq.feed({ key, target: document.body }, start + i * gap));

describe('keyboard shortcut sequences', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('maps single keys and g-sequences to actions', () => {
    const seq = new KeySequence();
    expect(press(seq, ['/'])).toEqual(['search']);
    expect(press(seq, ['?'])).toEqual(['help']);
    expect(press(seq, ['l'])).toEqual(['like']);
    expect(press(seq, ['w'])).toEqual(['watched']);
    expect(press(seq, ['g', 'h'])).toEqual([null, 'home']);
    expect(press(seq, ['g', 'l'])).toEqual([null, 'liked']);
    expect(press(seq, ['g', 'w'])).toEqual([null, 'watchlist']);
    // After a completed sequence, the next `l` is a like again.
    expect(press(seq, ['g', 'l', 'l'])).toEqual([null, 'liked', 'like']);
  });

  it('a g-sequence expires, and an unknown second key ends it', () => {
    const seq = new KeySequence();
    expect(seq.feed({ key: 'g' }, 0)).toBeNull();
    expect(seq.feed({ key: 'h' }, SEQUENCE_TIMEOUT_MS + 1)).toBeNull();
    expect(press(seq, ['g', 'x', 'h'])).toEqual([null, null, null]);
    expect(press(seq, ['g', 'g', 'h'])).toEqual([null, null, 'home']);
    // Shift on its way to `?` does not break anything.
    expect(press(seq, ['g', 'Shift', 'h'])).toEqual([null, null, 'home']);
  });

  it('never fires with Ctrl, Cmd or Alt, or with Shift on a letter', () => {
    const seq = new KeySequence();
    expect(seq.feed({ key: 'l', ctrlKey: true }, 0)).toBeNull();
    expect(seq.feed({ key: 'l', metaKey: true }, 0)).toBeNull();
    expect(seq.feed({ key: '/', altKey: true }, 0)).toBeNull();
    expect(seq.feed({ key: 'L' }, 0)).toBeNull();
    expect(seq.feed({ key: 'g' }, 0)).toBeNull();
    expect(seq.feed({ key: 'h', ctrlKey: true }, 10)).toBeNull();
    expect(seq.feed({ key: 'h' }, 20)).toBeNull(); // the modifier broke the sequence
  });

  it('never fires while typing in an input, a text area or contenteditable', () => {
    document.body.innerHTML =
      '<input id="i"><textarea id="t"></textarea><div contenteditable="true"><p id="c">x</p></div><button id="b">b</button>';
    const seq = new KeySequence();
    for (const id of ['i', 't', 'c']) {
      const target = document.getElementById(id)!;
      expect(isTyping(target), id).toBe(true);
      expect(seq.feed({ key: '/', target }, 0), id).toBeNull();
      expect(seq.feed({ key: 'g', target }, 0)).toBeNull();
      expect(seq.feed({ key: 'h', target }, 10)).toBeNull();
    }
    const button = document.getElementById('b')!;
    expect(isTyping(button)).toBe(false);
    expect(seq.feed({ key: 'w', target: button }, 0)).toBe('watched');
  });

  it("runs the movie page's handler for l and w, and says when there is none", () => {
    let likes = 0;
    expect(runPageShortcut('like')).toBe(false);
    setPageShortcut('like', () => likes++);
    expect(runPageShortcut('like')).toBe(true);
    expect(runPageShortcut('watched')).toBe(false);
    setPageShortcut('like', null);
    expect(runPageShortcut('like')).toBe(false);
    expect(likes).toBe(1);
  });
});
