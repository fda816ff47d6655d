import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './pagination';

describe('Pagination', () => {
  it('is hidden for a single page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('disables Prev on page 1 and Next on the last page, and scrolls smoothly to the top', () => {
    const onChange = vi.fn();
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { rerender } = render(<Pagination page={1} totalPages={3} onChange={onChange} />);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Prev' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenCalledWith(2);
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    rerender(<Pagination page={3} totalPages={3} onChange={onChange} />);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Prev' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
  });
});
