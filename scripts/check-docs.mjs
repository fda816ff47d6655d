#!/usr/bin/env node
// `npm run lint`'s check of the docs a newcomer reads first (issue 41): each decision record is at
// most a page and has its line in the index, the index names no record that is not there, the two
// system descriptions stay under 300 lines, and every relative link in docs/ leads to a file.
// Measurements and narratives belong in docs/perf/, which is only checked for its links.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const docs = join(root, 'docs');
const decisions = join(docs, 'decisions');

/** A page: about 500 words of prose, 55 lines as the records are wrapped. */
const PAGE = { words: 500, lines: 55 };
/** The system descriptions' limit (issue 41: "under 300 lines each"). */
const DESCRIPTION_LINES = 300;
const DESCRIPTIONS = ['chat.md', 'recommender.md'];

const problems = [];
const read = (file) => readFileSync(file, 'utf8');
const rel = (file) => relative(root, file);

const records = readdirSync(decisions).filter((f) => /^\d{4}-.+\.md$/.test(f));
for (const name of records) {
  const text = read(join(decisions, name));
  const words = text.split(/\s+/).filter(Boolean).length;
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (words > PAGE.words || lines > PAGE.lines) {
    problems.push(
      `docs/decisions/${name}: ${words} words, ${lines} lines; a record is at most a page ` +
        `(${PAGE.words} words, ${PAGE.lines} lines): move measurements and narrative to docs/perf/decisions/`,
    );
  }
}

const index = read(join(decisions, 'README.md'));
const indexed = new Set([...index.matchAll(/\]\((\d{4}-[^)#]+\.md)\)/g)].map((m) => m[1]));
for (const name of records) {
  if (!indexed.has(name)) problems.push(`docs/decisions/README.md: no index line for ${name}`);
}

for (const name of DESCRIPTIONS) {
  const lines = read(join(docs, name)).split('\n').length - 1;
  if (lines >= DESCRIPTION_LINES) {
    problems.push(`docs/${name}: ${lines} lines; the description stays under ${DESCRIPTION_LINES}`);
  }
}

/** Every Markdown file under `dir`. */
function markdown(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdown(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  );
}

for (const file of [join(root, 'README.md'), ...markdown(docs)]) {
  // Inline links and images, outside code spans: [text](target) with a relative target.
  const text = read(file).replace(/`[^`\n]*`/g, '');
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z]+:|^#|^\//i.test(target)) continue;
    const path = decodeURIComponent(target.split('#')[0]);
    if (!existsSync(resolve(dirname(file), path))) problems.push(`${rel(file)}: broken link ${target}`);
  }
}

if (problems.length) {
  console.error(`check-docs: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`check-docs: ${records.length} decision records, each at most a page and indexed; links resolve`);
