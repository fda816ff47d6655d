// The baseline: a bare node:http server answering recorded responses, byte for byte (status,
// content type, encoding, body), by method + URL + accept-encoding. Usage: node bare-server.mjs FILE PORT
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, port] = process.argv.slice(2);
/** @type {Record<string, {status: number, headers: Record<string, string>, body: string}>} */
const recorded = JSON.parse(readFileSync(file, 'utf8'));
const answers = new Map(
  Object.entries(recorded).map(([key, r]) => [key, { ...r, body: Buffer.from(r.body, 'base64') }]),
);
createServer((req, res) => {
  const encoding = /\bbr\b/.test(req.headers['accept-encoding'] ?? '') ? 'br' : 'identity';
  const a = answers.get(`${req.url} ${encoding}`);
  if (!a) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(a.status, { ...a.headers, 'content-length': a.body.length });
  res.end(a.body);
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
