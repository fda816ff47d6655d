import { z } from 'zod';

export const CHAT_MESSAGE_MAX = 1000;
export const CHAT_TOO_FAST = "You're sending messages too quickly. Please wait a moment and try again.";
/** 503 while the chat indexes a large catalog after a start (decision 0109), with Retry-After. */
export const CHAT_WARMING_UP = 'The chatbot is still getting ready. Please try again in a minute.';

/** POST /api/chat/send */
export const ChatRequest = z.object({
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(1, { error: 'message must not be empty' })
    .max(CHAT_MESSAGE_MAX, { error: `message must be at most ${CHAT_MESSAGE_MAX} characters` }),
  conversation_id: z.string().uuid({ error: 'conversation_id must be a UUID' }).optional(),
});
export type ChatRequest = z.infer<typeof ChatRequest>;

/** A movie the chatbot's answer names, as a card. */
export const ChatMovie = z.object({
  id: z.number(),
  title: z.string(),
  release_date: z.string(),
  vote_average: z.number(),
  poster_path: z.string().nullable(),
});
export type ChatMovie = z.infer<typeof ChatMovie>;

export const ChatResponse = z
  .object({
    message: z.string().describe('Markdown'),
    conversation_id: z.string(),
    movies: z.array(ChatMovie),
    engine: z.enum(['offline', 'llm']),
  })
  .meta({ id: 'ChatResponse' });
export type ChatResponse = z.infer<typeof ChatResponse>;
