import { describe, expect, it } from 'vitest';
import { parsePythonLiteral, PythonLiteralError } from '../src/python-literal';

describe(parsePythonLiteral.name, () => {
  it.each([
    ["[{'id': 16, 'name': 'Animation'}]", [{ id: 16, name: 'Animation' }]],
    [
      "[{'id': 15101, 'name': \"based on children's book\"}]",
      [{ id: 15101, name: "based on children's book" }],
    ],
    [
      "{'id': 10194, 'name': 'Toy Story Collection', 'poster_path': None}",
      { id: 10194, name: 'Toy Story Collection', poster_path: null },
    ],
    ['[True, False, None, -1.5, 2e3]', [true, false, null, -1.5, 2000]],
    ["['it\\'s', 'a\\\\b', '\\xe9']", ["it's", 'a\\b', 'é']],
    ['[]', []],
    ['  [ 1 , 2 ]  ', [1, 2]],
  ])('reads %s', (text, expected) => {
    expect(parsePythonLiteral(text)).toEqual(expected);
  });

  it.each(["[{'id': 1", "{'a' 1}", "['open", '[1] trailing', 'nonsense'])('rejects %s', (text) => {
    expect(() => parsePythonLiteral(text)).toThrow(PythonLiteralError);
  });
});
