import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { ChatWidget } from './chat-widget';

/** Moves the page to `y` (a tall page: 5,000 px) and tells the listeners, as a browser does. */
function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('the floating chat button on a phone', () => {
  afterEach(() => scrollTo(0));

  it('steps aside while the page scrolls down and comes back on the way up, at the end and at the top', () => {
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 5000, configurable: true });
    renderWithApp(<ChatWidget />);
    const button = () => screen.getByRole('button', { name: 'Open movie chatbot' });
    expect(button().dataset.aside).toBeUndefined();
    scrollTo(300);
    expect(button().dataset.aside).toBe('true');
    // Only below `sm`: the classes that move it are all max-sm ones, and focus brings it back.
    expect(button().className).toMatch(/max-sm:translate-y-24/);
    expect(button().className).toMatch(/max-sm:focus-visible:translate-y-0/);
    expect(button().className).not.toMatch(/(^|\s)translate-y-24/);
    scrollTo(303); // a tremble: no change
    expect(button().dataset.aside).toBe('true');
    scrollTo(200);
    expect(button().dataset.aside).toBeUndefined();
    scrollTo(900);
    expect(button().dataset.aside).toBe('true');
    scrollTo(5000 - window.innerHeight); // the end of the page: the footer leaves room for it
    expect(button().dataset.aside).toBeUndefined();
    scrollTo(2000);
    scrollTo(2500);
    expect(button().dataset.aside).toBe('true');
    scrollTo(0);
    expect(button().dataset.aside).toBeUndefined();
  });

  it('is not on the chatbot page', () => {
    renderWithApp(<ChatWidget />, { path: '/chatbot' });
    expect(screen.queryByRole('button', { name: 'Open movie chatbot' })).toBeNull();
  });
});
