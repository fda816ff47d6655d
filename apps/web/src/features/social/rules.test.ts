import * as contract from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { usernameProblem } from './rules';

describe('the username rule the page checks as it is typed', () => {
  it('judge a username as the API does, with its message', () => {
    const names = [
      'ab',
      'abc',
      'Ann.Lee_2',
      '_ann',
      'ann lee',
      'ADMIN',
      'feed',
      'x'.repeat(30),
      'x'.repeat(31),
      ' ann ',
    ];
    for (const name of names) {
      const api = contract.Username.safeParse(name);
      expect(usernameProblem(name), name).toBe(api.success ? null : api.error.issues[0]!.message);
    }
  });
});
