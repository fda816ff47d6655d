import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Rating } from './rating';

describe('Rating', () => {
  it('shows the average to one decimal after a star', () => {
    const { container } = render(<Rating value={8.26} />);
    expect(container.textContent).toBe(' 8.3');
    expect(container.querySelector('svg')).not.toBeNull();
  });

  it('says a few votes are too few, not the average of one vote as a rating', () => {
    const { container } = render(<Rating value={10} votes={1} />);
    expect(container.textContent).toBe('Too few ratings');
    expect(container.querySelector('[title="10.0 from 1 vote"]')).not.toBeNull();
    expect(container.querySelector('svg')).toBeNull();
    // Enough votes, or a list that does not carry the count: the average.
    for (const votes of [5, 1200, undefined]) {
      const { container: c, unmount } = render(<Rating value={7.04} votes={votes} />);
      expect(c.textContent).toBe(' 7.0');
      unmount();
    }
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
