import * as contract from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { REPORT_REASONS, RESERVED_USERNAMES, USERNAME_MAX, USERNAME_MIN, usernameProblem } from './rules';

describe('the social rules the page checks (copies of the contract, without zod)', () => {
  it('are the contract’s own values', () => {
    expect(USERNAME_MIN).toBe(contract.USERNAME_MIN);
    expect(USERNAME_MAX).toBe(contract.USERNAME_MAX);
    expect([...RESERVED_USERNAMES]).toEqual([...contract.RESERVED_USERNAMES]);
    expect([...REPORT_REASONS]).toEqual([...contract.REPORT_REASONS]);
  });

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
