import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SAVED_MESSAGES } from '../../../lib/chat-history';
import { json, renderWithApp, startApiFixture } from '../../../testing/render';
import { ChatPanel, GREETING } from './chat-panel';

// The chatbot's endpoint as a real local server: it numbers its conversations and replies with
// the conversation and the message it was sent, so a test can see what the panel sent.
const sent: { message: string; conversation_id?: string }[] = [];
let conversations = 0;
let api: Awaited<ReturnType<typeof startApiFixture>>;
beforeAll(async () => {
  api = await startApiFixture((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.url !== '/api/chat/send') return json(res, { message: 'Not found' }, 404);
      const asked = JSON.parse(body) as { message: string; conversation_id?: string };
      sent.push(asked);
      const id = asked.conversation_id ?? `c${++conversations}`;
      json(res, {
        message: `Reply to "${asked.message}" in ${id}`,
        conversation_id: id,
        movies: [],
        engine: 'offline',
      });
    });
  });
});
afterAll(() => api.close());
beforeEach(() => {
  sessionStorage.clear();
  sent.length = 0;
});

async function say(text: string) {
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await screen.findByText(new RegExp(`Reply to "${text}"`));
}

describe('ChatPanel', () => {
  it("shows a reply from the question that asked it (not scrolled to the reply's end)", async () => {
    const scrolled: { text: string; block: string | undefined }[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element, arg?: boolean | ScrollIntoViewOptions) {
      scrolled.push({ text: this.textContent ?? '', block: typeof arg === 'object' ? arg.block : undefined });
    };
    try {
      renderWithApp(<ChatPanel />);
      await say('a heist film');
      await say('darker');
      // After each reply, the last thing scrolled to is the user's own last message, at the top.
      await waitFor(() => expect(scrolled[scrolled.length - 1]).toEqual({ text: 'darker', block: 'start' }));
      // While the user's message waits for its reply, the end comes into view.
      expect(scrolled.some((s) => s.block === 'end')).toBe(true);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('keeps the conversation for the tab: shown again after a reload, and the next message continues it', async () => {
    const first = renderWithApp(<ChatPanel />);
    await say('a heist film');
    first.unmount();

    renderWithApp(<ChatPanel />);
    expect(screen.getByText('a heist film')).toBeTruthy();
    expect(screen.getByText(/Reply to "a heist film" in c\d+/)).toBeTruthy();
    await say('something older');
    expect(sent.map((s) => s.conversation_id)).toEqual([undefined, sent[1]!.conversation_id]);
    expect(sent[1]!.conversation_id).toMatch(/^c\d+$/);
  });

  it('"New chat" starts over: the greeting alone, nothing kept, and a new conversation on the server', async () => {
    const view = renderWithApp(<ChatPanel />);
    // Nothing to start over from yet.
    expect(screen.queryByRole('button', { name: 'New chat' })).toBeNull();
    await say('a heist film');
    fireEvent.click(screen.getByRole('button', { name: 'New chat' }));
    expect(screen.queryByText('a heist film')).toBeNull();
    expect(screen.getByText(GREETING)).toBeTruthy();
    view.unmount();

    renderWithApp(<ChatPanel />);
    expect(screen.queryByText('a heist film')).toBeNull();
    await say('a comedy');
    expect(sent.at(-1)!.conversation_id).toBeUndefined();
  });

  it('keeps at most the last messages, and ignores what it cannot read', async () => {
    const many = Array.from({ length: MAX_SAVED_MESSAGES + 10 }, (_, i) => ({
      text: `m${i}`,
      isBot: i % 2 === 1,
    }));
    sessionStorage.setItem('cinelog-chat', JSON.stringify({ messages: many, conversation: 'c9' }));
    const view = renderWithApp(<ChatPanel />);
    expect(screen.queryByText('m9')).toBeNull();
    expect(screen.getByText('m10')).toBeTruthy();
    expect(screen.getByText(`m${MAX_SAVED_MESSAGES + 9}`)).toBeTruthy();
    view.unmount();

    sessionStorage.setItem('cinelog-chat', '{"messages":[{"text":1}]}');
    renderWithApp(<ChatPanel />);
    await waitFor(() => expect(screen.getByText(GREETING)).toBeTruthy());
  });
});
