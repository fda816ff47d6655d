import type { ChatRequest, EngineAnswer } from '../request';
import { filmsTurn } from './films';
import { notInCatalogTurn } from './not-in-catalog';
import { personTurn } from './person';
import { decide, type Turn, type TurnContext } from './turn';
import { unclearTurn } from './unclear';

/** What a request, once joined with the conversation, is answered with: the first that applies. */
export const REQUEST_TURNS: readonly Turn[] = [notInCatalogTurn, unclearTurn, personTurn, filmsTurn];

export function serve(req: ChatRequest, ctx: TurnContext): EngineAnswer | Promise<EngineAnswer> {
  return decide(REQUEST_TURNS, req, ctx)!.handle(req, ctx);
}
