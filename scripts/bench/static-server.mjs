// A bare static file server for the hello-world ceiling: every file compressed once (gzip 9) and
// sent from memory, like our server sends its pre-compressed scripts. Usage: node static-server.mjs DIR PORT
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

const [dir, port] = process.argv.slice(2);
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };
const files = new Map();
const walk = (d) => {
  for (const name of readdirSync(d)) {
    const p = join(d, name);
    if (statSync(p).isDirectory()) walk(p);
    else
      files.set(`/${relative(dir, p)}`, {
        type: types[extname(p)] ?? 'application/octet-stream',
        gz: gzipSync(readFileSync(p), { level: 9 }),
      });
  }
};
walk(dir);
createServer((req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  const f = files.get(path === '/' ? '/index.html' : path) ?? files.get('/index.html');
  res.writeHead(200, { 'content-type': f.type, 'content-encoding': 'gzip', 'content-length': f.gz.length });
  res.end(f.gz);
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
