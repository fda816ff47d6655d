import { DiaryPage } from '@app/contracts';
import { keys, useUserPages } from './diary-shared';

/** GET /api/user/diary: every logged viewing, newest first, 50 a page. */
export const useDiary = () =>
  useUserPages(keys.diary, '/api/user/diary', import.meta.env.DEV ? DiaryPage : undefined);
