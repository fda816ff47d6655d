import { useEffect, useRef, useState } from 'react';
import Markdown from 'react-markdown';
import { Link } from 'react-router';
import { CloseIcon } from '../../../components/ui/icons';
import { sendChatMessage } from '../api/send-message';
import { useAutoFocus } from '../../../lib/auto-focus';
import { forgetChat, loadChat, saveChat } from '../../../lib/chat-history';
import { useDialog } from '../../../lib/use-dialog';

export interface ChatMessage {
  text: string;
  isBot: boolean;
}

export const GREETING =
  "Hi! I'm your movie guide. What are you in the mood for tonight? Tell me a mood, a genre, or a movie you loved, and I'll find something for you.";
export const CHAT_FAILURE = "Sorry, I'm having trouble connecting. Please try again.";

/** The panel's conversation: user message at once, 'Thinking...' while waiting, then the reply. */
export function ChatPanel({ onClose }: { onClose?: () => void }) {
  // The tab's conversation so far (lib/chat-history.ts): a reload or reopening the widget keeps it.
  const [saved] = useState(loadChat);
  const [messages, setMessages] = useState<ChatMessage[]>(
    saved?.messages ?? [{ text: GREETING, isBot: true }],
  );
  const [input, setInput] = useState('');
  const [waiting, setWaiting] = useState(false);
  const conversation = useRef<string | undefined>(saved?.conversation);
  const end = useRef<HTMLDivElement>(null);
  /** The user's last message: a reply is shown from there (the question, then the reply's start). */
  const asked = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  // In the floating widget the panel is a modal layer (on the chatbot page it is part of the page).
  useDialog(root, onClose ?? (() => undefined), Boolean(onClose));
  // The widget opens on its input (after useDialog's effect, which focuses the first control).
  const field = useAutoFocus<HTMLInputElement>(Boolean(onClose));
  useEffect(() => {
    // A reply of five films is taller than the panel: scrolled to its end, the question and the
    // first films were out of view (a reviewer's walk). It is shown from the question that asked
    // it; the user's own message and "Thinking..." bring the end into view.
    // (Block bodies: newer browsers return a promise from scrollIntoView, which must not reach React.)
    if (!waiting && messages[messages.length - 1]?.isBot && asked.current) {
      asked.current.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    } else {
      end.current?.scrollIntoView?.({ behavior: 'smooth', block: 'end' });
    }
  }, [messages, waiting]);

  useEffect(() => {
    // Only a conversation that has begun is kept; the greeting alone is not worth storing, and
    // after "New chat" it also clears what a previous render's effect may have saved after
    // startOver's forgetChat (a click can land before React has run that render's effects).
    if (messages.length > 1) saveChat({ messages, conversation: conversation.current });
    else forgetChat();
  }, [messages]);

  const startOver = () => {
    forgetChat();
    conversation.current = undefined;
    setMessages([{ text: GREETING, isBot: true }]);
    field.current?.focus();
  };

  const send = async () => {
    const text = input.trim();
    if (!text || waiting) return;
    setMessages((m) => [...m, { text, isBot: false }]);
    setInput('');
    setWaiting(true);
    try {
      const reply = await sendChatMessage(text, conversation.current);
      conversation.current = reply.conversation_id;
      setMessages((m) => [...m, { text: reply.message, isBot: true }]);
    } catch (err) {
      console.error('Chat send failed', err);
      setMessages((m) => [...m, { text: CHAT_FAILURE, isBot: true }]);
    } finally {
      setWaiting(false);
    }
  };

  return (
    <div ref={root} className="flex h-full flex-col">
      <div className="flex items-center justify-between border-b border-white/10 px-4 py-3">
        <h2 className="font-semibold">Movie Recommendation Chatbot</h2>
        <span className="flex-1" />
        {messages.length > 1 && !waiting && (
          <button
            type="button"
            onClick={startOver}
            className="mr-1 shrink-0 whitespace-nowrap rounded-lg px-2 py-1 text-sm text-zinc-300 hover:bg-white/10 hover:text-white"
          >
            New chat
          </button>
        )}
        {onClose && (
          <button
            type="button"
            onClick={onClose}
            aria-label="Close chat"
            className="rounded-lg p-1.5 hover:bg-white/10"
          >
            <CloseIcon />
          </button>
        )}
      </div>
      <div className="flex-1 space-y-3 overflow-y-auto p-4" aria-live="polite">
        {messages.map((m, i) => (
          <div
            key={i}
            ref={!m.isBot && !messages.slice(i + 1).some((n) => !n.isBot) ? asked : undefined}
            className={`flex ${m.isBot ? 'justify-start' : 'justify-end'}`}
          >
            <div
              className={`max-w-[80%] rounded-2xl px-3 py-2 text-sm leading-relaxed ${m.isBot ? 'bg-zinc-800 text-zinc-100' : 'bg-red-700 text-white'}`}
            >
              {m.isBot ? (
                <Markdown
                  components={{
                    a: ({ href, children }) =>
                      href?.startsWith('/') ? (
                        <Link to={href} onClick={onClose} className="font-semibold text-red-300 underline">
                          {children}
                        </Link>
                      ) : (
                        <a href={href} target="_blank" rel="noopener noreferrer" className="underline">
                          {children}
                        </a>
                      ),
                    ol: ({ children }) => <ol className="ml-4 list-decimal space-y-1.5">{children}</ol>,
                    p: ({ children }) => <p className="mb-2 last:mb-0">{children}</p>,
                  }}
                >
                  {m.text}
                </Markdown>
              ) : (
                m.text
              )}
            </div>
          </div>
        ))}
        {waiting && (
          <div className="flex justify-start">
            <div className="rounded-2xl bg-zinc-800 px-3 py-2 text-sm text-zinc-400">Thinking...</div>
          </div>
        )}
        <div ref={end} />
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
        className="flex gap-2 border-t border-white/10 p-3"
      >
        <label htmlFor="chat-input" className="sr-only">
          Message
        </label>
        <input
          id="chat-input"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          // Read-only, not disabled, while waiting: a disabled field would drop the keyboard focus.
          readOnly={waiting}
          ref={field}
          maxLength={1000}
          placeholder="Ask me for movie recommendations..."
          className="min-w-0 flex-1 text-ellipsis rounded-lg bg-zinc-800 px-3 py-2 text-sm outline-none ring-1 ring-white/10 focus:ring-red-500 read-only:opacity-60"
        />
        <button
          type="submit"
          disabled={waiting || !input.trim()}
          className="rounded-lg bg-red-700 px-4 py-2 text-sm font-medium hover:bg-red-700 disabled:opacity-40"
        >
          Send
        </button>
      </form>
    </div>
  );
}

/**
 * The widget's dialog: the panel over a dimmed backdrop that closes it, at most 600px high and
 * 400px wide from medium screens up (spec).
 */
export function ChatDialog({ onClose }: { onClose: () => void }) {
  return (
    <div className="fixed inset-0 z-50">
      <div className="absolute inset-0 bg-black/60" onClick={onClose} aria-hidden="true" />
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Movie Recommendation Chatbot"
        className="absolute bottom-0 right-0 h-[min(600px,100%)] max-h-[600px] w-full overflow-hidden bg-zinc-900 shadow-2xl ring-1 ring-white/10 sm:bottom-5 sm:right-5 sm:rounded-2xl md:w-[400px]"
      >
        <ChatPanel onClose={onClose} />
      </div>
    </div>
  );
}
