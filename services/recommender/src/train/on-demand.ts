import type { Recommendation } from '@app/contracts';
import type { OnDemand } from './build-model';

/**
 * The IPC between the service and its first build (decision 0080). The child says `ready` once its
 * ranker is made and then answers `ask`s with one film's list (`list: null`: not in the catalog);
 * the service serves those answers until the whole model is written.
 */
export type FromTrainer =
  | { type: 'ready' }
  | { type: 'list'; req: number; list: Recommendation[] | null }
  | { type: 'error'; req: number; message: string };
export interface ToTrainer {
  type: 'ask';
  req: number;
  tmdbId: number;
  topN: number;
}

/** In the training child: answers the service's asks from the ranker being built with. */
export function serveOnDemand(onDemand: OnDemand): void {
  process.on('message', (m: ToTrainer) => {
    if (m?.type !== 'ask') return;
    let reply: FromTrainer;
    try {
      reply = { type: 'list', req: m.req, list: onDemand(m.tmdbId, m.topN) };
    } catch (err) {
      reply = { type: 'error', req: m.req, message: (err as Error).message };
    }
    process.send?.(reply);
  });
  process.send?.({ type: 'ready' } satisfies FromTrainer);
}
