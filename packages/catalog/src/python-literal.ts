/**
 * The Movies Dataset stores its list columns (genres, companies, keywords, collection) as Python
 * literals: single or double quoted strings, None/True/False, numbers, lists and dicts. This is a
 * small, strict recursive-descent reader for exactly that subset; anything else throws.
 */
export type PyValue = string | number | boolean | null | PyValue[] | { [key: string]: PyValue };

export class PythonLiteralError extends Error {}

export function parsePythonLiteral(text: string): PyValue {
  let i = 0;
  const fail = (what: string): never => {
    throw new PythonLiteralError(`${what} at ${i} in ${JSON.stringify(text.slice(0, 80))}`);
  };
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const readString = (): string => {
    const quote = text[i];
    i++;
    let out = '';
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === '\\') {
        const next = text[i + 1];
        if (next === undefined) fail('unterminated escape');
        const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' };
        if (next === 'x') {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 4), 16));
          i += 4;
          continue;
        }
        if (next === 'u') {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
          continue;
        }
        out += escapes[next!] ?? next;
        i += 2;
        continue;
      }
      if (ch === quote) {
        i++;
        return out;
      }
      out += ch;
      i++;
    }
    return fail('unterminated string');
  };
  const readValue = (): PyValue => {
    skipSpace();
    const ch = text[i];
    if (ch === "'" || ch === '"') return readString();
    if (ch === '[' || ch === '(') {
      const close = ch === '[' ? ']' : ')';
      i++;
      const list: PyValue[] = [];
      skipSpace();
      while (text[i] !== close) {
        list.push(readValue());
        skipSpace();
        if (text[i] === ',') i++;
        else if (text[i] !== close) fail('expected , or ' + close);
        skipSpace();
      }
      i++;
      return list;
    }
    if (ch === '{') {
      i++;
      const obj: { [key: string]: PyValue } = {};
      skipSpace();
      while (text[i] !== '}') {
        const key = readValue();
        if (typeof key !== 'string' && typeof key !== 'number') fail('bad dict key');
        skipSpace();
        if (text[i] !== ':') fail('expected :');
        i++;
        obj[String(key)] = readValue();
        skipSpace();
        if (text[i] === ',') i++;
        else if (text[i] !== '}') fail('expected , or }');
        skipSpace();
      }
      i++;
      return obj;
    }
    for (const [word, value] of [
      ['None', null],
      ['True', true],
      ['False', false],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return value;
      }
    }
    const m = /^-?\d+(\.\d+)?([eE][-+]?\d+)?/.exec(text.slice(i));
    if (m) {
      i += m[0].length;
      return Number(m[0]);
    }
    return fail('unexpected character');
  };
  const value = readValue();
  skipSpace();
  if (i !== text.length) fail('trailing text');
  return value;
}
