import type { Migration } from 'kysely';
import * as m0001 from './0001-movies';
import * as m0002 from './0002-auth';
import * as m0003 from './0003-library';
import * as m0004 from './0004-watch-status-both';
import * as m0005 from './0005-ratings-diary-sharing';
import * as m0006 from './0006-playlist-names-unique';
import * as m0008 from './0008-diary-tags';
import * as m0009 from './0009-playlist-ids-unguessable';
import * as m0010 from './0010-import-previews-and-jobs';
import * as m0011 from './0011-social';
import * as m0012 from './0012-settings-country';
import * as m0013 from './0013-import-uploads';
import * as m0014 from './0014-review-moderation';

/** Every migration, in order. Names are stable: they are recorded in the database. */
export const migrations: Record<string, Migration> = {
  '0001-movies': m0001,
  '0002-auth': m0002,
  '0003-library': m0003,
  '0004-watch-status-both': m0004,
  '0005-ratings-diary-sharing': m0005,
  '0006-playlist-names-unique': m0006,
  '0008-diary-tags': m0008,
  '0009-playlist-ids-unguessable': m0009,
  '0010-import-previews-and-jobs': m0010,
  '0011-social': m0011,
  '0012-settings-country': m0012,
  '0013-import-uploads': m0013,
  '0014-review-moderation': m0014,
};
