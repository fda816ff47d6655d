import { describe, expect, it } from 'vitest';
import { addToHistory, normalizeHistory, readHistory, SEARCH_HISTORY_KEY } from './search-history';

describe('search history', () => {
  it('keeps trimmed strings only, drops case-insensitive duplicates, newest first, at most 10', () => {
    expect(normalizeHistory(['  Alien ', 42, null, '', '   ', 'alien', 'ALIEN', 'Heat'])).toEqual([
      'Alien',
      'Heat',
    ]);
    expect(normalizeHistory('not a list')).toEqual([]);
    expect(normalizeHistory(Array.from({ length: 15 }, (_, i) => `q${i}`))).toHaveLength(10);
  });

  it('stores under movie_search_history with the newest first and moves a repeat to the front', () => {
    addToHistory('Alien');
    addToHistory('Heat');
    expect(addToHistory('alien')).toEqual(['alien', 'Heat']);
    expect(JSON.parse(localStorage.getItem(SEARCH_HISTORY_KEY)!)).toEqual(['alien', 'Heat']);
  });

  it('survives corrupt storage', () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, '{not json');
    expect(readHistory()).toEqual([]);
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['ok', 5, { a: 1 }]));
    expect(readHistory()).toEqual(['ok']);
  });
});
