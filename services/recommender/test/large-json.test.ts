import { describe, expect, it } from 'vitest';
import { parseJsonBuffer } from '../src/model/large-json';

/** Parsed member by member (a tiny slice limit forces it), the document must equal JSON.parse's. */
const both = (doc: unknown, maxSlice = 8) => {
  const text = JSON.stringify(doc, null, 1);
  return [parseJsonBuffer(Buffer.from(text), maxSlice), JSON.parse(text)];
};

describe('a JSON document parsed from a buffer, large objects member by member (issue 45)', () => {
  it('equals JSON.parse on a model-shaped document', () => {
    const model = {
      format: 11,
      version: '20261127T145205Z',
      params: { contentCandidates: 300, note: 'a "quoted" {brace} and [bracket], \\ back' },
      ratings: { '550': 8.3, '13': 8.2 },
      neighbours: { '550': [680, 0.91, 807, 0.88], '13': [], '603': [604, 1, 605, 0.5] },
      genres: { '550': [18], '13': [35, 18, 10749] },
      trending: [{ id: 1, score: 0.5 }],
      flags: [true, false, null],
      empty: {},
      text: 'Amélie — “ok” 😀',
    };
    const [ours, theirs] = both(model);
    expect(ours).toEqual(theirs);
  });

  it('keeps a "__proto__" key as an own property, as JSON.parse does', () => {
    const parsed = parseJsonBuffer(Buffer.from('{"__proto__": {"polluted": 1}, "a": {"b": 2}}'), 4) as Record<
      string,
      unknown
    >;
    expect(Object.prototype.hasOwnProperty.call(parsed, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(parsed.a).toEqual({ b: 2 });
  });

  it('parses a document under the limit in one piece, and top-level arrays and scalars', () => {
    expect(parseJsonBuffer(Buffer.from(' {"a": [1, 2, {"b": "c"}]} '))).toEqual({ a: [1, 2, { b: 'c' }] });
    expect(parseJsonBuffer(Buffer.from('[1, "x"]'), 1)).toEqual([1, 'x']);
    expect(parseJsonBuffer(Buffer.from('42'), 1)).toBe(42);
  });

  it('throws a SyntaxError on a truncated or malformed document, never returns part of it', () => {
    expect(() => parseJsonBuffer(Buffer.from('{"a": [1, 2], "b": {"c": [3'), 4)).toThrow(SyntaxError);
    expect(() => parseJsonBuffer(Buffer.from('{"a": 1 "b": 2}'), 2)).toThrow(SyntaxError);
    expect(() => parseJsonBuffer(Buffer.from('{"a": "unterminated'), 2)).toThrow(SyntaxError);
  });
});
