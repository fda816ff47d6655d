import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { moveMenuFocus, useDropdown } from './use-outside-click';

function Menu() {
  const { open, setOpen, ref } = useDropdown();
  return (
    <div>
      <div ref={ref} onKeyDown={(e) => open && moveMenuFocus(ref.current, e)}>
        <button type="button" onClick={() => setOpen((o) => !o)}>
          Categories
        </button>
        {open && (
          <ul>
            {['Action', 'Comedy', 'Drama'].map((g) => (
              <li key={g}>
                <a href={`#${g}`}>{g}</a>
              </li>
            ))}
          </ul>
        )}
      </div>
      <button type="button">Elsewhere</button>
    </div>
  );
}

describe('a dropdown from the keyboard', () => {
  it('↓ and ↑ go through its items; Escape closes it and gives the focus back to its button', () => {
    render(<Menu />);
    const trigger = screen.getByRole('button', { name: 'Categories' });
    trigger.focus();
    fireEvent.click(trigger);
    fireEvent.keyDown(trigger, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Action');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Drama');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('Comedy');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('link', { name: 'Comedy' })).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('Escape with the focus elsewhere closes it and leaves the focus where it is', () => {
    render(<Menu />);
    fireEvent.click(screen.getByRole('button', { name: 'Categories' }));
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();
    fireEvent.keyDown(elsewhere, { key: 'Escape' });
    expect(screen.queryByRole('link', { name: 'Action' })).toBeNull();
    expect(document.activeElement).toBe(elsewhere);
  });
});
