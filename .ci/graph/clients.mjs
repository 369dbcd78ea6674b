// The browser half of .ci/graph-clients: reads flinklint graph's Mermaid
// with the real mermaid.js, and opens its HTML pages, in Debian's headless
// Chromium with the network cut off.
//
// Usage: node clients.mjs DIR
//
// By the end of their names, the files of DIR are:
//   NAME.mmd         Mermaid, parsed;
//   NAME.render.mmd  Mermaid, parsed and rendered with Mermaid's limits
//                    on text and edges raised (a whole project);
//   NAME.github.mmd  Mermaid, parsed and rendered within Mermaid's default
//                    limits, which GitHub keeps (one job);
//   NAME.html        a page, opened: every node of its source is drawn;
//   NAME.shot.html   the same, then a screenshot NAME.shot.png, which must
//                    not be blank.
// Any error, or any request leaving file: and data:, fails the run.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const dir = process.argv[2];
const files = fs.readdirSync(dir).sort();
const mermaidJs = path.join(import.meta.dirname, 'node_modules/mermaid/dist/mermaid.min.js');
let failures = 0;
const fail = (msg) => {
  console.error(`FAIL ${msg}`);
  failures++;
};
const count = (text, re) => (text.match(re) || []).length;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
await context.route('**/*', (route) => {
  const url = route.request().url();
  if (url.startsWith('file:') || url.startsWith('data:')) {
    return route.continue();
  }
  fail(`a request left the page: ${url}`);
  return route.abort();
});

// Mermaid, on one page holding mermaid.js.
const page = await context.newPage();
page.on('pageerror', (e) => fail(`mermaid page: ${e.message}`));
await page.setContent('<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><div id="out"></div></body></html>');
await page.addScriptTag({ path: mermaidJs });
let n = 0;
for (const name of files.filter((f) => f.endsWith('.mmd'))) {
  const start = Date.now();
  const text = fs.readFileSync(path.join(dir, name), 'utf8');
  const how = name.endsWith('.github.mmd') ? 'github' : name.endsWith('.render.mmd') ? 'render' : 'parse';
  const r = await page.evaluate(async ({ text, how, id }) => {
    const limits = how === 'github' ? {} : { maxTextSize: 10_000_000, maxEdges: 100_000 };
    window.mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', ...limits });
    try {
      await window.mermaid.parse(text);
      if (how === 'parse') {
        return {};
      }
      const { svg } = await window.mermaid.render(id, text);
      const out = document.getElementById('out');
      out.innerHTML = svg;
      const drawn = { nodes: out.querySelectorAll('g.node').length, text: out.textContent };
      out.innerHTML = '';
      return drawn;
    } catch (e) {
      return { error: String((e && e.message) || e) };
    }
  }, { text, how, id: `d${n++}` });
  // Nodes, notes, and empty subgraphs, which Mermaid draws as nodes.
  const defined = count(text, /^ +(j\d+(n\d+)?f?|none)[[({>]/gm) + count(text, /^ {2}subgraph .*\n {4}direction LR\n {2}end$/gm);
  if (r.error) {
    fail(`${name}: ${r.error}`);
  } else if (how !== 'parse' && /Maximum text size|Syntax error|Too many edges/.test(r.text)) {
    fail(`${name}: Mermaid drew an error instead of the graph: ${r.text.slice(0, 200)}`);
  } else if (how !== 'parse' && r.nodes !== defined) {
    fail(`${name}: ${r.nodes} nodes drawn, ${defined} defined`);
  } else {
    const what = how === 'parse' ? 'parsed' : `${r.nodes} nodes drawn${how === 'github' ? ' within the default limits' : ''}`;
    console.log(`ok   ${name}: ${what}, ${text.length} characters (${Date.now() - start} ms)`);
  }
}

// HTML: every node of the source drawn; a screenshot with something on it.
for (const name of files.filter((f) => f.endsWith('.html'))) {
  const start = Date.now();
  const p = await context.newPage(); // left open: the browser closes with the run
  p.on('pageerror', (e) => fail(`${name}: ${e.message}`));
  p.on('console', (m) => {
    if (m.type() === 'error') {
      fail(`${name}: console: ${m.text()}`);
    }
  });
  await p.goto(`file://${path.resolve(dir, name)}`);
  const defined = count(fs.readFileSync(path.join(dir, name), 'utf8'), /<g class="node /g);
  const nodes = await p.evaluate(() => document.querySelectorAll('svg g.node').length);
  let shown = '';
  if (nodes !== defined) {
    fail(`${name}: ${nodes} nodes drawn, ${defined} in the source`);
    continue;
  }
  if (name.endsWith('.shot.html')) {
    const png = path.join(dir, name.replace(/\.html$/, '.png'));
    await p.screenshot({ path: png, fullPage: true });
    const share = await p.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const ctx = c.getContext('2d');
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      let ink = 0;
      for (let i = 0; i < d.length; i += 4) {
        if (d[i] < 235 || d[i + 1] < 235 || d[i + 2] < 235) {
          ink++;
        }
      }
      return ink / (c.width * c.height);
    }, fs.readFileSync(png).toString('base64'));
    if (share < 0.005) {
      fail(`${name}: the screenshot ${png} is blank (${(share * 100).toFixed(2)}% drawn)`);
      continue;
    }
    shown = `, ${(share * 100).toFixed(1)}% of ${path.basename(png)} not white`;
  }
  console.log(`ok   ${name}: ${nodes} nodes drawn${shown} (${Date.now() - start} ms)`);
}

await browser.close();
if (failures > 0) {
  console.error(`${failures} failures`);
  process.exit(1);
}
