import { readFileSync } from 'node:fs';

/**
 * A JSON document read from a Buffer without making it one string (issue 45): V8's strings stop
 * at 512 MB, and a million films' model is 1 GB (its `neighbours` alone 941 MB), so
 * `JSON.parse(readFileSync(f, 'utf8'))` throws and the service could never load what its trainer
 * wrote. Objects larger than `maxSlice` bytes are parsed member by member (each member's value as
 * its own small string, recursively); everything else is handed to `JSON.parse` whole.
 */
export function parseJsonBuffer(buf: Buffer, maxSlice = 64 * 1024 * 1024): unknown {
  return parseValue(buf, skipSpace(buf, 0), buf.length, maxSlice);
}

/** A JSON file of any size (see `parseJsonBuffer`). */
export function readJsonFile(path: string): unknown {
  return parseJsonBuffer(readFileSync(path));
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

const isSpace = (b: number) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

function skipSpace(buf: Buffer, i: number): number {
  while (i < buf.length && isSpace(buf[i]!)) i++;
  return i;
}

/** The index just past the value that starts at `i` (a string, an object, an array or a literal). */
function valueEnd(buf: Buffer, i: number): number {
  const first = buf[i];
  if (first === QUOTE) return stringEnd(buf, i);
  if (first !== OPEN_OBJECT && first !== OPEN_ARRAY) {
    while (i < buf.length && buf[i] !== COMMA && buf[i] !== CLOSE_OBJECT && buf[i] !== CLOSE_ARRAY) i++;
    return i;
  }
  let depth = 0;
  for (; i < buf.length; i++) {
    const b = buf[i]!;
    if (b === QUOTE) i = stringEnd(buf, i) - 1;
    else if (b === OPEN_OBJECT || b === OPEN_ARRAY) depth++;
    else if ((b === CLOSE_OBJECT || b === CLOSE_ARRAY) && --depth === 0) return i + 1;
  }
  throw new SyntaxError('Unexpected end of JSON input');
}

/** The index just past the string whose opening quote is at `i`. */
function stringEnd(buf: Buffer, i: number): number {
  for (i++; i < buf.length; i++) {
    if (buf[i] === BACKSLASH) i++;
    else if (buf[i] === QUOTE) return i + 1;
  }
  throw new SyntaxError('Unterminated string in JSON');
}

function parseValue(buf: Buffer, start: number, end: number, maxSlice: number): unknown {
  const stop = valueEnd(buf, start);
  if (stop - start <= maxSlice || buf[start] !== OPEN_OBJECT) {
    if (stop > end) throw new SyntaxError('Unexpected end of JSON input');
    return JSON.parse(buf.toString('utf8', start, stop));
  }
  // A large object: each member's value parsed on its own.
  const out: Record<string, unknown> = {};
  let i = skipSpace(buf, start + 1);
  if (buf[i] === CLOSE_OBJECT) return out;
  for (;;) {
    if (buf[i] !== QUOTE) throw new SyntaxError(`Expected a key at byte ${i}`);
    const keyEnd = stringEnd(buf, i);
    const key = JSON.parse(buf.toString('utf8', i, keyEnd)) as string;
    i = skipSpace(buf, keyEnd);
    if (buf[i] !== COLON) throw new SyntaxError(`Expected ':' at byte ${i}`);
    const valueStart = skipSpace(buf, i + 1);
    const valueStop = valueEnd(buf, valueStart);
    // As JSON.parse does: an own property, even for a key such as "__proto__".
    Object.defineProperty(out, key, {
      value: parseValue(buf, valueStart, valueStop, maxSlice),
      enumerable: true,
      writable: true,
      configurable: true,
    });
    i = skipSpace(buf, valueStop);
    if (buf[i] === CLOSE_OBJECT) return out;
    if (buf[i] !== COMMA) throw new SyntaxError(`Expected ',' or '}' at byte ${i}`);
    i = skipSpace(buf, i + 1);
  }
}
