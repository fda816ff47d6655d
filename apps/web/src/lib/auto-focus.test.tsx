import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAutoFocus } from './auto-focus';

function Field({ enabled }: { enabled?: boolean }) {
  const ref = useAutoFocus<HTMLInputElement>(enabled);
  return <input ref={ref} aria-label="field" />;
}

describe('useAutoFocus', () => {
  it('focuses its element when it mounts after the page loaded, unless told not to', () => {
    const { unmount } = render(<Field />);
    expect(document.activeElement).toBe(screen.getByLabelText('field'));
    unmount();
    render(<Field enabled={false} />);
    expect(document.activeElement).toBe(document.body);
  });
});
