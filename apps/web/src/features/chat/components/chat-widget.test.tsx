import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { ChatDockButton, ChatWidget } from './chat-widget';

const Both = () => (
  <>
    <ChatDockButton />
    <ChatWidget />
  </>
);

describe('the chat button', () => {
  it('floats at the bottom right from `sm` up only; on phones the top bar has it, and it opens the same chat', async () => {
    renderWithApp(<Both />);
    const [docked, floating] = screen.getAllByRole('button', { name: 'Open movie chatbot' });
    // Which one shows is the stylesheet's: the docked one is hidden from `sm` up, the floating one below.
    expect(docked!.className.split(' ')).toContain('sm:hidden');
    expect(floating!.className.split(' ')).toContain('max-sm:hidden');
    expect(floating!.className).toMatch(/\bfixed\b.*\bbottom-5\b.*\bright-5\b.*\brounded-full\b/);
    fireEvent.click(docked!);
    expect(
      await screen.findByRole('dialog', { name: 'Movie Recommendation Chatbot' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('is not on the chatbot page, docked or floating', () => {
    renderWithApp(<Both />, { path: '/chatbot' });
    expect(screen.queryByRole('button', { name: 'Open movie chatbot' })).toBeNull();
  });
});
