import type { CatalogIndex } from '@app/catalog';
import { ErrorBody, ImageParams } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors';
import { backdropSvg, posterSvg } from './svg-art';

/** Offline art: generated SVG posters and backdrops, so the offline site looks like a real one. */
export const imagesRoutes =
  (index: CatalogIndex): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/:size/:file',
      {
        schema: {
          tags: ['images'],
          summary: 'A generated poster or backdrop (offline catalog)',
          params: ImageParams,
          response: { 200: z.string(), 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (req, reply) => {
        const [, kind, id] = /^(poster|backdrop)-(\d+)\.svg$/.exec(req.params.file)!;
        const movie = index.get(Number(id));
        if (!movie || (kind === 'poster' && !movie.poster_path)) throw new NotFoundError('Image not found');
        const svg =
          kind === 'poster' ? posterSvg(movie, req.params.size) : backdropSvg(movie, req.params.size);
        reply
          .type('image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=604800, immutable')
          .header('x-content-type-options', 'nosniff');
        return svg;
      },
    );
  };
