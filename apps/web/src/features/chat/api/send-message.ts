import { ChatResponse } from '@app/contracts';
import { apiFetch } from '../../../lib/api-client';

/** POST one message to the chatbot, in the conversation `conversationId` when there is one. */
export const sendChatMessage = (message: string, conversationId?: string | null) =>
  apiFetch('/api/chat/send', {
    method: 'POST',
    body: { message, ...(conversationId ? { conversation_id: conversationId } : {}) },
    ...(import.meta.env.DEV ? { contract: ChatResponse } : {}),
  });
