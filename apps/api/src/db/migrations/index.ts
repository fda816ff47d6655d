import type { Migration } from 'kysely';
import * as m0001 from './0001-movies';

/** Every migration, in order. Names are stable: they are recorded in the database. */
export const migrations: Record<string, Migration> = {
  '0001-movies': m0001,
};
