/**
 * Ten conversations with the chat widget, as screenshots into artifacts/screenshots/chat/ (ignored; issue 14): each
 * conversation is typed into the floating widget of a running site, and the dialog is captured at
 * 390 and 1280 px wide as JPEG (quality 60). The message list is shown at its full height (it
 * scrolls in the product), so that a whole conversation reads in one picture.
 * Usage: tsx e2e/bench/chat-screenshots.ts http://127.0.0.1:PORT [outDir] [--set FILE]
 * `--set FILE` shoots the first ten multi-turn conversations of an evaluation set (a held-out set
 * written by someone who never saw the replies) instead of the ten below.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../chromium';

export const CONVERSATIONS: { name: string; turns: string[] }[] = [
  {
    name: '01-like-x-then-lighter',
    turns: ['I loved Heat, what next?', 'hmm, something more light-hearted'],
  },
  {
    name: '02-decade-then-pick-one',
    turns: ['a romantic comedy from the late 80s', 'if I only watch one of them, which?'],
  },
  {
    name: '03-title-typo-then-shortest',
    turns: ['just watched the godfahter, more like it pls', 'which of those is the shortest?'],
  },
  { name: '04-person-offline', turns: ['films with meryl streep', 'ok then a smart courtroom drama'] },
  { name: '05-less-scary', turns: ['a horror movie', "something less scary, I'm a wimp"] },
  {
    name: '06-franchise-watch-order',
    turns: ['the harry potter films', 'what order should I watch them in?'],
  },
  {
    name: '07-not-in-catalog-then-mood',
    turns: ['is oppenheimer on here?', 'ok then something mind-bending and funny'],
  },
  { name: '08-german-negation', turns: ['Ich hab Lust auf was Lustiges, aber bitte keine Liebeskomödie'] },
  {
    name: '09-kids-short-then-youngest',
    turns: ['animated films under 90 minutes', 'which of those is best for my 4-year-old?'],
  },
  {
    name: '10-greeting-offtopic-heist',
    turns: ['hi!', 'how do I cook rice', 'ok then a heist movie under 2 hours, anything but a comedy'],
  },
];

/** The first ten multi-turn conversations of an evaluation set (bench/chat-sets format). */
function fromSet(file: string): { name: string; turns: string[] }[] {
  const cases = JSON.parse(readFileSync(file, 'utf8')) as { id: string; turns: { user: string }[] }[];
  return cases
    .filter((c) => c.turns.length > 1)
    .slice(0, 10)
    .map((c) => ({ name: c.id, turns: c.turns.map((t) => t.user) }));
}

async function main() {
  const args = process.argv.slice(2);
  const setAt = args.indexOf('--set');
  const conversations = setAt >= 0 ? fromSet(args.splice(setAt, 2)[1]!) : CONVERSATIONS;
  const [base, outDir] = args;
  if (!base) {
    throw new Error('usage: tsx e2e/bench/chat-screenshots.ts http://127.0.0.1:PORT [outDir] [--set FILE]');
  }
  const out = resolve(outDir ?? resolve(import.meta.dirname, '../../artifacts/screenshots/chat'));
  mkdirSync(out, { recursive: true });
  let lastSent = 0;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', ...CHROMIUM_FLAGS],
  });
  try {
    for (const width of [390, 1280]) {
      for (const convo of conversations) {
        const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 900 } });
        await page.goto(`${base}/`, { waitUntil: 'networkidle' });
        await page.getByRole('button', { name: 'Open movie chatbot' }).click();
        const dialog = page.getByRole('dialog', { name: 'Movie Recommendation Chatbot' });
        const input = dialog.getByLabel('Message');
        for (const text of convo.turns) {
          // The chat allows 20 messages a minute per visitor: stay under it.
          await new Promise((r) => setTimeout(r, Math.max(0, lastSent + 3500 - Date.now())));
          lastSent = Date.now();
          const bubbles = await dialog.locator('[aria-live] > div').count();
          await input.fill(text);
          await input.press('Enter');
          // The user's bubble, then the reply: two more bubbles, and no "Thinking..." left.
          await page.waitForFunction(
            (n) => {
              const list = document.querySelector('[role="dialog"] [aria-live]');
              return !!list && list.children.length >= n + 2 && !list.textContent!.includes('Thinking...');
            },
            bubbles,
            { timeout: 30_000 },
          );
        }
        // Show the whole conversation: the dialog keeps its place and width and grows to its content
        // (the page is made tall enough for it), instead of scrolling.
        const height = await page.evaluate(() => {
          const dlg = document.querySelector<HTMLElement>('[role="dialog"]')!;
          const list = dlg.querySelector<HTMLElement>('[aria-live]')!;
          const extra = dlg.scrollHeight - list.clientHeight;
          list.style.overflow = 'visible';
          list.style.flex = 'none';
          dlg.style.maxHeight = 'none';
          dlg.style.height = `${list.scrollHeight + extra}px`;
          return list.scrollHeight + extra;
        });
        await page.setViewportSize({ width, height: Math.ceil(height) + (width < 600 ? 0 : 40) });
        await dialog.screenshot({ path: `${out}/${convo.name}-${width}.jpg`, type: 'jpeg', quality: 60 });
        console.log(`${convo.name}-${width}.jpg`);
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
