// Deterministic synthetic pages for the scaling runs. A seeded PRNG means the
// same size always yields byte-identical HTML, so runs are comparable over time.
import { mkdirSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TMP_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '.tmp');

// mulberry32: tiny, fast, good enough for layout variety.
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore ' +
  'magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat ' +
  'price delivery account order review shipping product garden kitchen travel weather market energy'
).split(' ');
const IMG = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%2280%22 height=%2260%22/%3E';

// Each block returns [html, elementCount]; counting while generating lets us hit
// the target size without re-parsing.
function makeBlocks(rand) {
  const pick = (arr) => arr[Math.floor(rand() * arr.length)];
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const cap = (s) => s[0].toUpperCase() + s.slice(1);
  let uid = 0;

  const card = () => {
    const id = ++uid;
    const kind = rand();
    const extra =
      kind < 0.3
        ? `<button type="button" class="btn-add">Add to cart</button>`
        : kind < 0.5
          ? `<label>Qty <input type="number" name="qty${id}" value="1" min="1"></label>`
          : kind < 0.6
            ? `<button class="icon-btn btn-heart" aria-label="Save ${id}"><svg width="16" height="16"><path d="M0 0h16v16z"/></svg></button>`
            : `<span class="tag">${pick(WORDS)}</span>`;
    const html =
      `<li class="card"><div class="card-inner"><a href="/item/${id}" class="card-link">` +
      `<img src="${IMG}" alt="${cap(words(2))}" width="80" height="60"></a>` +
      `<div class="card-body"><h3><a href="/item/${id}">${cap(words(3))}</a></h3><p>${cap(words(12))}.</p>` +
      `<div class="actions">${extra}</div></div></div></li>`;
    // li, div, a, img, div, h3, a, p, div + extra (1, 2, 3 or 1)
    const extraCount = kind < 0.3 ? 1 : kind < 0.5 ? 2 : kind < 0.6 ? 3 : 1;
    return [html, 9 + extraCount];
  };

  const cardList = () => {
    const n = 6 + Math.floor(rand() * 20);
    let html = '<section class="grid"><h2>' + cap(words(2)) + '</h2><ul class="cards">';
    let count = 3;
    for (let i = 0; i < n; i++) {
      const [h, c] = card();
      html += h;
      count += c;
    }
    return [html + '</ul></section>', count];
  };

  const table = () => {
    const rows = 5 + Math.floor(rand() * 15);
    let html =
      '<table class="data"><caption>' +
      cap(words(3)) +
      '</caption><thead><tr><th>Name</th><th>Qty</th><th>Price</th><th></th></tr></thead><tbody>';
    let count = 8;
    for (let r = 0; r < rows; r++) {
      html +=
        `<tr><td>${cap(words(2))}</td><td>${1 + Math.floor(rand() * 9)}</td><td>$${(rand() * 100).toFixed(2)}</td>` +
        `<td><a href="#row${++uid}">Edit</a></td></tr>`;
      count += 6;
    }
    return [html + '</tbody></table>', count];
  };

  const article = () => {
    const paras = 2 + Math.floor(rand() * 4);
    let html = `<article><h2>${cap(words(5))}</h2>`;
    for (let p = 0; p < paras; p++)
      html += `<p>${cap(words(60 + Math.floor(rand() * 80)))} <em>${words(3)}</em> ${words(20)}.</p>`;
    return [html + '</article>', 2 + paras * 2];
  };

  const form = () => {
    const id = ++uid;
    const html =
      `<form class="signup" action="#"><fieldset><legend>${cap(words(2))}</legend>` +
      `<label for="em${id}">Email</label><input id="em${id}" type="email" name="email" required>` +
      `<label><input type="checkbox" name="news"> Newsletter</label>` +
      `<select name="country"><option>Czechia</option><option>Germany</option><option>France</option></select>` +
      `<textarea name="msg" placeholder="Message"></textarea>` +
      `<div class="radios"><label><input type="radio" name="plan${id}" value="a"> Basic</label><label><input type="radio" name="plan${id}" value="b"> Pro</label></div>` +
      `<button type="submit">Send</button></fieldset></form>`;
    return [html, 18];
  };

  // Hidden subtrees: the engine must skip them quickly; they still cost the floor a read per element.
  const hidden = () => {
    const how = pick(['style="display:none"', 'hidden', 'style="visibility:hidden"', 'aria-hidden="true"']);
    const [inner, c] = cardList();
    return [`<div class="collapsed" ${how}>${inner}</div>`, c + 1];
  };

  const widgets = () => {
    const id = ++uid;
    const html =
      `<div class="toolbar" role="toolbar" aria-label="Tools ${id}">` +
      `<div class="clickable" role="button" tabindex="0">${cap(pick(WORDS))}</div>` +
      `<span class="js-toggle" onclick="void 0">Toggle</span>` +
      `<div role="tablist"><button role="tab" aria-selected="true">One</button><button role="tab" aria-selected="false">Two</button></div>` +
      `<details><summary>More</summary><p>${words(10)}</p></details>` +
      `<div class="js-row">Open ${pick(WORDS)}</div></div>`;
    return [html, 10];
  };

  // Deep wrappers: frameworks nest layout divs many levels deep.
  const nested = () => {
    const depth = 4 + Math.floor(rand() * 8);
    const [inner, c] = pick([article, table, form])();
    return ['<div class="wrap">'.repeat(depth) + inner + '</div>'.repeat(depth), c + depth];
  };

  return [
    [cardList, 0.3],
    [table, 0.12],
    [article, 0.15],
    [form, 0.1],
    [hidden, 0.1],
    [widgets, 0.08],
    [nested, 0.15],
  ];
}

/** HTML for a page of about `target` elements. */
export function generatePage(target, seed = 42) {
  const rand = prng(seed + target);
  const blocks = makeBlocks(rand);
  // Near the target only small blocks are drawn, so the page lands within ~2% of it.
  const small = blocks.filter(([fn]) => ['article', 'form', 'widgets'].includes(fn.name));
  const choose = (near) => {
    const from = near ? small : blocks;
    let r = rand() * from.reduce((a, [, w]) => a + w, 0);
    for (const [fn, w] of from) {
      if ((r -= w) < 0) return fn;
    }
    return from[0][0];
  };
  const header =
    '<header class="site"><nav aria-label="Main"><ul>' +
    ['Home', 'Shop', 'Deals', 'Help', 'Account'].map((w, i) => `<li><a href="/${i}">${w}</a></li>`).join('') +
    '</ul></nav><form role="search"><input type="search" name="q" placeholder="Search"><button>Go</button></form></header>';
  let count = 6 + 5 * 3 + 5 + 4; // html/head/meta/title/style/body, header, footer, script
  let main = '';
  while (count < target - 20) {
    const [html, c] = choose(count > target * 0.85)();
    main += html;
    count += c;
  }
  const footer = '<footer><p>© Bench</p><a href="/privacy">Privacy</a></footer>';
  // Listener-only clickables, as frameworks make them: no attribute betrays them, only cursor:pointer.
  const script =
    '<script>for (const el of document.querySelectorAll(".js-row")) el.addEventListener("click", () => {});</script>';
  const css =
    'body{font:14px sans-serif;margin:0}.cards{display:flex;flex-wrap:wrap;list-style:none;padding:0}' +
    '.card{width:220px;margin:6px;border:1px solid #ddd}.clickable,.js-toggle,.js-row{cursor:pointer}main{display:flex;flex-direction:column;padding:8px}';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Generated ${target}</title><style>${css}</style></head>` +
    `<body>${header}<main>${main}</main>${footer}${script}</body></html>`
  );
}

/** Writes the page to bench/.tmp/ (served as /bench/.tmp/<file>) unless it is already there. */
export function ensureGeneratedPage(target) {
  const file = `gen-${target}.html`;
  const path = join(TMP_DIR, file);
  const html = generatePage(target);
  if (!existsSync(path) || readFileSync(path, 'utf8') !== html) {
    mkdirSync(TMP_DIR, { recursive: true });
    writeFileSync(path, html);
  }
  return `/bench/.tmp/${file}`;
}
