import { z } from 'zod';

/** The sizes of the generated art (TMDB's poster and backdrop widths, and `original`). */
export const IMAGE_SIZES = [
  'w92',
  'w154',
  'w185',
  'w300',
  'w342',
  'w500',
  'w780',
  'w1280',
  'original',
] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

/** GET /api/images/{size}/{file}: a generated poster or backdrop. */
export const ImageParams = z.object({
  size: z.enum(IMAGE_SIZES, { error: `size must be one of ${IMAGE_SIZES.join(', ')}` }),
  file: z.string().regex(/^(poster|backdrop)-\d{1,10}\.svg$/, { error: 'unknown image file' }),
});
export type ImageParams = z.infer<typeof ImageParams>;
