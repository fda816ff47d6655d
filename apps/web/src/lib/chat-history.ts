import { CHAT_KEY as KEY, forgetChat } from './forget-chat';

/**
 * The chat's conversation kept for the tab (sessionStorage): a reload, a full page load or closing
 * and reopening the widget shows it again, and the next message continues it on the server. It
 * goes when the tab does, on "New chat", and on sign-out (lib/auth.tsx). Decision 0059.
 */
export interface SavedMessage {
  text: string;
  isBot: boolean;
}
export interface SavedChat {
  messages: SavedMessage[];
  conversation: string | undefined;
}

export { forgetChat };
/** The most messages kept (the server keeps fewer turns of context than that). */
export const MAX_SAVED_MESSAGES = 60;

const isMessage = (m: unknown): m is SavedMessage =>
  typeof m === 'object' &&
  m !== null &&
  typeof (m as SavedMessage).text === 'string' &&
  typeof (m as SavedMessage).isBot === 'boolean';

export function loadChat(): SavedChat | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<SavedChat> | null;
    if (
      !saved ||
      !Array.isArray(saved.messages) ||
      !saved.messages.every(isMessage) ||
      !saved.messages.length
    )
      return null;
    const conversation = typeof saved.conversation === 'string' ? saved.conversation : undefined;
    return { messages: saved.messages.slice(-MAX_SAVED_MESSAGES), conversation };
  } catch {
    return null; // storage off (private mode, a sandboxed frame) or an unreadable value
  }
}

export function saveChat(chat: SavedChat): void {
  try {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ messages: chat.messages.slice(-MAX_SAVED_MESSAGES), conversation: chat.conversation }),
    );
  } catch {
    // full or off: the conversation still works, it is only not kept
  }
}
