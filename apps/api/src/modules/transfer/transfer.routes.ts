import {
  ErrorBody,
  ExportQuery,
  ImportCommitBody,
  ImportJob,
  ImportJobParams,
  ImportPreview,
  ImportUploadQuery,
  PlaylistParams,
  PlaylistShare,
  PublicPlaylist,
  PublicSlugParams,
} from '@app/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, BadRequestError, ServiceUnavailableError } from '../../lib/errors';
import { RateLimits } from '../../lib/rate-limit';
import { currentUser, requireVerifiedUser } from '../identity/auth-guard';
import type { TokenVerifier } from '../identity/token-verifier';
import type { ExportService } from './export.service';
import { IMPORT_MAX_BYTES } from './import-parse';
import { IMPORT_MESSAGES, type ImportService } from './import.service';
import type { SharingService } from './sharing.service';

export const IMPORT_TOO_LARGE = `The file is too large: at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB can be imported at once`;

const auth = { 401: ErrorBody, 403: ErrorBody };
const security = [{ bearerAuth: [] }];
const tags = ['import and export'];

/** The upload's bytes, kept off the enumerable body so the request guards do not walk megabytes. */
class Upload {
  declare readonly bytes: Buffer;
  constructor(bytes: Buffer) {
    Object.defineProperty(this, 'bytes', { value: bytes, enumerable: false });
  }
}

/** Content types an upload may come as: the browser sends the file's own type, or none. */
const UPLOAD_TYPES = [
  'application/octet-stream',
  'application/zip',
  'application/x-zip-compressed',
  'text/csv',
  'text/plain',
  'application/json',
  'application/vnd.ms-excel',
];

export interface TransferServices {
  imports: ImportService;
  exports: ExportService;
  sharing: SharingService;
  accountExists: (uid: string) => Promise<boolean>;
  /** Uploads one account may preview per window (live mode: each may run up to 100 TMDB searches). */
  previewLimit?: { points: number; durationSeconds: number };
  /** How long an upload waits for the import thread to start before a 503 (tests shorten it). */
  readerWaitMs?: number;
  /** A preview's whole time: then a 503 and nothing is kept (tests shorten it). */
  previewTimeoutMs?: number;
}

/**
 * How long an upload waits for the import thread to start (started once the app listens; seconds
 * of CPU on a busy machine) before a 503 with Retry-After: a preview never hangs on it.
 */
export const PREVIEW_READER_WAIT_MS = 2_000;
/** Retry-After of that 503. */
export const PREVIEW_READER_RETRY_SECONDS = 5;
/** Retry-After of the 503 of a preview past its time. */
export const PREVIEW_TIMEOUT_RETRY_SECONDS = 30;
/**
 * A preview's whole time: beyond it the upload is answered a 503 to try
 * again and the preview stops (live TMDB searches included) without being kept. Far above a 5 MB
 * file's read on a busy machine.
 */
export const PREVIEW_TIMEOUT_MS = 60_000;

/** Default per-account limit on `POST /import/preview`: 10 uploads in 10 minutes. */
export const PREVIEW_UPLOAD_LIMIT = { points: 10, durationSeconds: 600 };

/** /api/user/import, /api/user/export and a playlist's public link (signed-in, verified owner only). */
export const transferRoutes =
  (s: TransferServices, verifier: TokenVerifier, rateLimits = new RateLimits()): FastifyPluginAsyncZod =>
  async (app) => {
    /** Each upload's deadline (see the preview's onRequest hook). */
    const deadlines = new WeakMap<FastifyRequest, AbortController>();
    const uploads = rateLimits.create({
      name: 'import-preview',
      ...(s.previewLimit ?? PREVIEW_UPLOAD_LIMIT),
      message: IMPORT_MESSAGES.tooManyUploads,
    });
    // The upload: its own body parser and limit, in its own scope (the rest of the API keeps 64 KB of JSON).
    await app.register(async (scope) => {
      const upload = scope.withTypeProvider<ZodTypeProvider>();
      upload.addHook('onRequest', requireVerifiedUser(verifier, s.accountExists));
      // Too large is said before the body is read, in words (Fastify's own 413 stays for a chunked body).
      upload.addHook('onRequest', async (req) => {
        if (Number(req.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES)
          throw new AppError(413, IMPORT_TOO_LARGE);
      });
      // The import thread starting (just after start, or after a catalog sync): a short wait, then
      // a 503 to retry, before the body is read or an upload of the account's limit is counted.
      upload.addHook('onRequest', async () => {
        if (!(await s.imports.readerReady(s.readerWaitMs ?? PREVIEW_READER_WAIT_MS)))
          throw new ServiceUnavailableError(IMPORT_MESSAGES.readerStarting, PREVIEW_READER_RETRY_SECONDS);
      });
      // A preview's time, counted from the request (onRequest) to its answer: past it a 503 to try
      // again goes out through the error handler and the preview stops (nothing is kept). Not
      // Fastify's handlerTimeout: in 5.12 its timer is cleared, and request.signal aborted, as soon
      // as a request's body has been read (the request's 'close' event), so an upload never timed out.
      upload.addHook('onRequest', async (req, reply) => {
        const deadline = new AbortController();
        deadlines.set(req, deadline);
        const timer = setTimeout(() => {
          deadline.abort();
          if (!reply.sent)
            reply.send(new ServiceUnavailableError(IMPORT_MESSAGES.tooSlow, PREVIEW_TIMEOUT_RETRY_SECONDS));
        }, s.previewTimeoutMs ?? PREVIEW_TIMEOUT_MS);
        reply.raw.once('close', () => clearTimeout(timer));
      });
      upload.removeContentTypeParser('application/json');
      upload.removeContentTypeParser('text/plain');
      upload.addContentTypeParser(
        UPLOAD_TYPES,
        { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
        (_req, body, done) => done(null, new Upload(body as Buffer)),
      );
      upload.post(
        '/import/preview',
        {
          bodyLimit: IMPORT_MAX_BYTES,
          schema: {
            tags,
            security,
            summary: 'Read an export and preview the import (nothing is written)',
            description: `The file as the request body (a Letterboxd export zip or one of its CSVs, an IMDb ratings or watchlist CSV, a Trakt JSON export or its zip), at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB; ?name= its file name. Answers matched, ambiguous and unmatched films and what importing would write. The preview is kept for 30 minutes. One upload at a time per account (a second while the first is read is a 409), at most ${(s.previewLimit ?? PREVIEW_UPLOAD_LIMIT).points} in ${(s.previewLimit ?? PREVIEW_UPLOAD_LIMIT).durationSeconds / 60} minutes (then a 429); while the server holds as many waiting previews as it can, a new one is a 503 with Retry-After (no one else's preview is dropped for it); so is an upload while the import's reader is starting (just after the server started) or one that took over ${PREVIEW_TIMEOUT_MS / 1000} s (nothing is kept).`,
            querystring: ImportUploadQuery,
            response: {
              200: ImportPreview,
              400: ErrorBody,
              ...auth,
              409: ErrorBody,
              413: ErrorBody,
              415: ErrorBody,
              429: ErrorBody,
              503: ErrorBody,
            },
          },
        },
        async (req) => {
          if (!(req.body instanceof Upload)) throw new BadRequestError('Send the file as the request body');
          await uploads.consume(currentUser(req).uid);
          const uid = currentUser(req).uid;
          const deadline = deadlines.get(req)!.signal;
          try {
            return await s.imports.preview(uid, req.body.bytes, req.query.name ?? 'upload', deadline);
          } catch (err) {
            // Its time ran out and the 503 was answered already: nothing more to send.
            if (deadline.aborted) return undefined as never;
            throw err;
          }
        },
      );
    });

    await app.register(async (scope) => {
      const jobs = scope.withTypeProvider<ZodTypeProvider>();
      // A job's progress is read from the database on any instance (decision 0090); while this
      // process runs one of the user's jobs their account existed when it started, so the check
      // needs no query.
      jobs.addHook(
        'onRequest',
        requireVerifiedUser(verifier, async (uid) => s.imports.hasJob(uid) || s.accountExists(uid)),
      );
      jobs.get(
        '/import/jobs/:id',
        {
          schema: {
            tags,
            security,
            summary: "An import's progress and result (its owner only)",
            params: ImportJobParams,
            response: { 200: ImportJob, 400: ErrorBody, ...auth, 404: ErrorBody },
          },
        },
        async (req) => s.imports.job(currentUser(req).uid, req.params.id),
      );
    });

    await app.register(async (scope) => {
      const user = scope.withTypeProvider<ZodTypeProvider>();
      user.addHook('onRequest', requireVerifiedUser(verifier, s.accountExists));
      user.post(
        '/import',
        {
          schema: {
            tags,
            security,
            summary: 'Import a previewed export (a background job)',
            description:
              'Writes everything on any instance (a job taken over when its instance stops), each row once: all of it or, on a failure, nothing. Rows the library already holds are left as they are, so importing the same file twice adds nothing. Poll /api/user/import/jobs/{id} on any instance.',
            body: ImportCommitBody,
            response: { 202: ImportJob, 400: ErrorBody, ...auth, 404: ErrorBody, 409: ErrorBody },
          },
        },
        async (req, reply) => reply.code(202).send(await s.imports.start(currentUser(req).uid, req.body)),
      );
      user.post(
        '/import/jobs/:id/undo',
        {
          schema: {
            tags,
            security,
            summary: 'Undo a finished import: remove exactly the rows it added',
            description:
              'What the library held before the import is untouched; a playlist the import created is removed only if nothing else was added to it. One transaction.',
            params: ImportJobParams,
            response: { 200: ImportJob, 400: ErrorBody, ...auth, 404: ErrorBody, 409: ErrorBody },
          },
        },
        async (req) => s.imports.undo(currentUser(req).uid, req.params.id),
      );
      user.get(
        '/export',
        {
          schema: {
            tags,
            security,
            summary: 'Everything the user owns: JSON, or a zip of Letterboxd-style CSVs (?format=csv)',
            querystring: ExportQuery,
            response: { 400: ErrorBody, ...auth },
          },
        },
        async (req, typedReply) => {
          // A file, not a JSON answer of a schema: sent as bytes.
          const reply = typedReply as FastifyReply;
          const uid = currentUser(req).uid;
          const stamp = new Date().toISOString().slice(0, 10);
          reply.header('cache-control', 'no-store');
          if (req.query.format === 'csv') {
            const zip = await s.exports.zip(uid);
            return reply
              .type('application/zip')
              .header('content-disposition', `attachment; filename="cinelog-export-${stamp}.zip"`)
              .send(Buffer.from(zip));
          }
          const body = JSON.stringify(await s.exports.json(uid), null, 2);
          return reply
            .type('application/json; charset=utf-8')
            .header('content-disposition', `attachment; filename="cinelog-export-${stamp}.json"`)
            .send(body);
        },
      );
      user.get(
        '/playlists/:id/share',
        {
          schema: {
            tags: ['library'],
            security,
            summary: "A playlist's public link (null while private)",
            params: PlaylistParams,
            response: { 200: PlaylistShare, 400: ErrorBody, ...auth, 404: ErrorBody },
          },
        },
        async (req) => s.sharing.get(currentUser(req).uid, req.params.id),
      );
      user.post(
        '/playlists/:id/share',
        {
          schema: {
            tags: ['library'],
            security,
            summary: 'Make a playlist public: anyone with its link can read it',
            description:
              'A new unguessable link (128 random bits) each time it is made public; already public, it keeps its link.',
            params: PlaylistParams,
            response: { 200: PlaylistShare, 400: ErrorBody, ...auth, 404: ErrorBody },
          },
        },
        async (req) => s.sharing.publish(currentUser(req).uid, req.params.id),
      );
      user.delete(
        '/playlists/:id/share',
        {
          schema: {
            tags: ['library'],
            security,
            summary: 'Make a playlist private again: its old link is a 404 from now on',
            params: PlaylistParams,
            response: { 200: PlaylistShare, 400: ErrorBody, ...auth, 404: ErrorBody },
          },
        },
        async (req) => s.sharing.unpublish(currentUser(req).uid, req.params.id),
      );
    });
  };

/** /api/public/playlists/{slug}: a public playlist, read-only, for anyone. */
export const publicPlaylistRoutes =
  (sharing: SharingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/playlists/:slug',
      {
        schema: {
          tags: ['public'],
          summary: 'A public playlist: its name, its owner’s display name and its movies',
          params: PublicSlugParams,
          response: { 200: PublicPlaylist, 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (req, reply) => {
        // Never cached: making the playlist private must take effect at once.
        reply.header('cache-control', 'no-store');
        return sharing.read(req.params.slug);
      },
    );
  };
