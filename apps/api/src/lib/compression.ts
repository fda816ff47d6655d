import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { preferredEncoding } from './response-cache';

/**
 * @fastify/compress settings for bodies compressed on every request (dynamic JSON, the HTML):
 * brotli quality 4 and gzip level 6 cost a fraction of a millisecond on tens of kilobytes and keep
 * most of the saving; brotli's default (11) costs tens of milliseconds per answer.
 */
export const DYNAMIC_COMPRESSION = {
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
};

/**
 * A body compressed for this request, at the dynamic level, with its headers set; for answers
 * outside any route (the not-found handler serves the web app's pages), which @fastify/compress
 * does not see.
 */
export function compressedFor(request: FastifyRequest, reply: FastifyReply, body: string): Buffer | string {
  reply.header('vary', 'accept-encoding');
  if (Buffer.byteLength(body) < 1024) return body;
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return body;
  reply.header('content-encoding', encoding);
  return encoding === 'br'
    ? brotliCompressSync(body, DYNAMIC_COMPRESSION.brotliOptions)
    : gzipSync(body, DYNAMIC_COMPRESSION.zlibOptions);
}
