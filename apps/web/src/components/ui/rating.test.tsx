import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Rating } from './rating';

describe('Rating', () => {
  it('shows the average to one decimal after a star', () => {
    const { container } = render(<Rating value={8.26} />);
    expect(container.textContent).toBe(' 8.3');
    expect(container.querySelector('svg')).not.toBeNull();
  });

  it("says a film nobody has rated yet is not rated, not '0.0'", () => {
    for (const value of [0, null, undefined]) {
      const { container, unmount } = render(<Rating value={value} />);
      expect(screen.getByText('Not rated yet')).toBeTruthy();
      expect(container.textContent).not.toContain('0.0');
      expect(container.querySelector('svg')).toBeNull();
      unmount();
    }
  });
});
