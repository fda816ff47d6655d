import { ImportJob } from '@app/contracts';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/user/import: imports a preview's films, with the user's picks for ambiguous rows. */
export const startImport = (previewId: string, picks: Record<string, number | null>) =>
  apiFetch('/api/user/import', {
    method: 'POST',
    body: { preview_id: previewId, picks },
    ...(import.meta.env.DEV ? { contract: ImportJob } : {}),
  });
