import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useDialog } from './use-dialog';

function Layer({
  name,
  onClose,
  children,
}: {
  name: string;
  onClose: () => void;
  children?: React.ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useDialog(ref, onClose);
  return (
    <div ref={ref} role="dialog" aria-label={name}>
      <button type="button">{name} first</button>
      <button type="button">{name} last</button>
      {children}
    </div>
  );
}

function Page({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        opener
      </button>
      {open && (
        <Layer
          name="menu"
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

const key = (k: string, shift = false) => fireEvent.keyDown(document, { key: k, shiftKey: shift });

describe('useDialog', () => {
  it('moves focus in, wraps Tab and Shift+Tab inside, and returns focus to the opener on Escape', () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'opener' });
    opener.focus();
    act(() => opener.click());
    const first = screen.getByRole('button', { name: 'menu first' });
    const last = screen.getByRole('button', { name: 'menu last' });
    expect(document.activeElement).toBe(first);
    key('Tab', true);
    expect(document.activeElement).toBe(last);
    key('Tab');
    expect(document.activeElement).toBe(first);
    act(() => void key('Escape'));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('lets only the innermost layer answer Escape', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <Layer name="outer" onClose={outer}>
        <Layer name="inner" onClose={inner} />
      </Layer>,
    );
    key('Escape');
    expect(inner).toHaveBeenCalledOnce();
    expect(outer).not.toHaveBeenCalled();
  });
});
