/** Where the chat's conversation is kept for the tab (lib/chat-history.ts). */
export const CHAT_KEY = 'cinelog-chat';

/**
 * Forgets the chat kept for the tab (on sign-out, lib/auth.tsx). A module of its own: every page
 * signs out through lib/auth.tsx, only the chat's panel reads and writes the conversation.
 */
export function forgetChat(): void {
  try {
    sessionStorage.removeItem(CHAT_KEY);
  } catch {
    // storage off: nothing was kept
  }
}
