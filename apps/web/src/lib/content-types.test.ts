import { describe, expect, it } from 'vitest';
import { isContentType, titleFromType } from './content-types';

describe(titleFromType.name, () => {
  it.each([
    ['popular', 'Popular'],
    ['top_rated', 'Top Rated'],
    ['now_playing', 'Now Playing'],
    ['trending', 'Trending'],
    ['some_new__type', 'Some New Type'],
  ])('%s → %s', (type, title) => expect(titleFromType(type)).toBe(title));

  it('knows the four content types only', () => {
    expect(['popular', 'top_rated', 'trending', 'now_playing'].every(isContentType)).toBe(true);
    expect(isContentType('upcoming')).toBe(false);
    expect(isContentType(undefined)).toBe(false);
  });
});
