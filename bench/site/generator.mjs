import { deflateSync } from 'node:zlib';

/**
 * The benchmark's target site, generated deterministically (same seed → same bytes on every
 * machine). A site lives under a path prefix that says what it is:
 *
 *   /s100/            plain site of 100 pages: /s100/ (home) and /s100/p/1 … /s100/p/99
 *   /r40/             the same shape with CSS, two web fonts and 3–6 images per page
 *   /s100-l200/       plain site whose pages answer after 200 ms (an I/O-bound site)
 *   /h20/             plain site whose pages end with a script the server holds until released
 *   /m100/            mostly server-rendered: the plain site, but one page in twenty is of a template whose
 *                     navigation (the chain link among it) is written by a script
 *   /x100/            mixed: five templates in turn — server-rendered; navigation written by a script;
 *                     cookies set by a script before any consent, and a consent banner a script inserts;
 *                     a tracker a tag manager's script injects; a library visible only as a global
 *
 * Every page is 20–100 KB with 10–50 links: a chain p/i → p/i+1 so every page is reachable from
 * the home page, random links within the site, and a few that leave it (other hosts, mailto:,
 * fragments) which a crawler must not follow. Links are relative, so every 127.0.0.x host serves
 * its own copy of the site (one host per vendor).
 */

export const SITE_PATH = /^\/([srhmx])(\d+)(?:-l(\d+))?(\/.*)$/;

const WORDS = (
  'vendor compliance policy privacy security audit control data service customer contract support ' +
  'platform cloud network access review report standard risk process system quality product ' +
  'delivery partner integration account billing invoice retention encryption backup incident ' +
  'response monitoring availability uptime certificate storage region transfer processing ' +
  'subprocessor agreement terms notice consent cookie tracking analytics marketing newsletter ' +
  'careers about team history mission values office location contact sales pricing plan ' +
  'enterprise business small medium large global local annual monthly daily weekly update ' +
  'release version feature roadmap documentation guide tutorial example reference overview ' +
  'the and with for from into over under about after before between through during without ' +
  'within across against among around our your their its we you they it is are was were be'
).split(' ');

/** mulberry32: small, fast, good enough to make pages differ. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashSeed(...parts) {
  let h = 2166136261;
  for (const ch of parts.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];
const int = (rnd, min, max) => min + Math.floor(rnd() * (max - min + 1));
const words = (rnd, count) => Array.from({ length: count }, () => pick(rnd, WORDS)).join(' ');
const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

export const IMAGE_COUNT = 24;
export const FONT_COUNT = 2;

/**
 * What a page's scripts add, by template (B11's sites): null for a server-rendered page. The home
 * page is always server-rendered, so a crawl starts where every method sees the same links.
 */
const SCRIPTED_TEMPLATES = [null, 'links', 'cookies', 'tracker', 'global'];
export function scriptedTemplate(kind, index) {
  if (index === 0) return null;
  if (kind === 'm') return index % 20 === 10 ? 'links' : null;
  if (kind === 'x') return SCRIPTED_TEMPLATES[index % SCRIPTED_TEMPLATES.length];
  return null;
}

/** The script a scripted template's page ends with (`nav` is the navigation's HTML, for 'links'). */
function pageScript(template, index, nav) {
  switch (template) {
    case 'links':
      return `<script>document.getElementById('nav').innerHTML = ${JSON.stringify(nav).replace(/</g, '\\u003c')};</script>`;
    case 'cookies':
      return (
        `<script>document.cookie = '_ga=GA1.1.${1000 + index}.1700000000; path=/; max-age=63072000';` +
        `document.cookie = '_fbp=fb.1.1700000000.${2000 + index}; path=/; max-age=7776000';` +
        `document.body.insertAdjacentHTML('beforeend', '<div id="cookie-banner" class="cookie-consent" role="dialog">` +
        `We use cookies to improve your experience. <button id="accept-cookies">Accept all</button> <button>Reject</button></div>');</script>`
      );
    case 'tracker':
      // A tag manager's snippet: the tracker's script element exists only once this runs.
      return (
        `<script>(function(w,d){w.dataLayer=w.dataLayer||[];w.dataLayer.push({event:'gtm.js'});` +
        `var s=d.createElement('script');s.async=true;s.src='https://connect.facebook.net/en_US/fbevents.js';` +
        `d.head.appendChild(s);})(window,document);</script>`
      );
    case 'global':
      return `<script>window.jQuery = window.$ = function () {}; window.jQuery.fn = { jquery: '1.12.4' };</script>`;
    default:
      return '';
  }
}

/** The URL path of page `index` of a site (0 is the home page). */
export const pagePath = (prefix, index) => (index === 0 ? `${prefix}/` : `${prefix}/p/${index}`);

/**
 * One page of the site `/{kind}{size}…`: its HTML as a Buffer. `prefix` is the path prefix the
 * links use (it carries the latency suffix too, so a slow site links to its own slow pages).
 */
export function renderPage(kind, size, index, prefix) {
  const rnd = prng(hashSeed(kind, size, index));
  const targetBytes = int(rnd, 20_200, 98_500);
  const linkCount = int(rnd, 10, 50);

  const links = [];
  if (index + 1 < size) links.push(pagePath(prefix, index + 1));
  if (index !== 0) links.push(pagePath(prefix, 0));
  while (links.length < linkCount) {
    const roll = rnd();
    if (roll < 0.08) links.push(`https://partner-${int(rnd, 1, 40)}.example.org/${words(rnd, 1)}`);
    else if (roll < 0.1) links.push(`mailto:${words(rnd, 1)}@example.com`);
    else if (roll < 0.13) links.push(`#section-${int(rnd, 1, 9)}`);
    else links.push(pagePath(prefix, size > 1 ? int(rnd, 1, size - 1) : 0));
  }

  const title = `${capital(words(rnd, 3))} — page ${index} of vendor site ${kind}${size}`;
  const description = `${capital(words(rnd, 18))}.`;
  const head = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    kind === 'r' ? '<link rel="stylesheet" href="/assets/site.css">' : '<style>body{font-family:sans-serif;margin:2em}</style>',
    '</head><body>',
  ];
  const nav = links.slice(0, Math.min(8, links.length)).map((href) => `<a href="${href}">${capital(words(rnd, 2))}</a>`);
  const scripted = scriptedTemplate(kind, index);
  // A scripted page's template differs from the server-rendered ones' (its main's class), as on a real site.
  const body = [
    scripted === 'links'
      ? `<header><nav id="nav"></nav><h1>${capital(words(rnd, 4))}</h1></header><main class="app">`
      : `<header><nav>${nav.join(' | ')}</nav><h1>${capital(words(rnd, 4))}</h1></header><main${scripted ? ` class="${scripted}"` : ''}>`,
  ];
  let size_ = head.join('').length + body[0].length;
  let nextLink = nav.length;
  let section = 0;
  const images = kind === 'r' ? int(rnd, 3, 6) : 0;
  for (let block = 0; size_ < targetBytes || nextLink < links.length; block++) {
    let html;
    if (block % 6 === 0) {
      section++;
      html = `<h2 id="section-${section}">${capital(words(rnd, int(rnd, 3, 7)))}</h2>`;
      if (section <= images) {
        const k = int(rnd, 0, IMAGE_COUNT - 1);
        html += `<img src="/assets/img/${k}.png" alt="${words(rnd, 3)}" width="320" height="200" loading="eager">`;
      }
    } else if (block % 6 === 3) {
      html = `<ul>${Array.from({ length: int(rnd, 3, 7) }, () => `<li>${capital(words(rnd, int(rnd, 4, 12)))}</li>`).join('')}</ul>`;
    } else {
      const sentences = Array.from({ length: int(rnd, 3, 8) }, () => `${capital(words(rnd, int(rnd, 8, 22)))}.`);
      if (nextLink < links.length) {
        const at = int(rnd, 0, sentences.length - 1);
        sentences[at] += ` See <a href="${links[nextLink++]}">${words(rnd, int(rnd, 2, 4))}</a>.`;
      }
      html = `<p>${sentences.join(' ')}</p>`;
    }
    body.push(html);
    size_ += html.length;
  }
  // The held variant: the page is parsed and laid out, but its load event waits for a script the
  // server answers only when told to, so a benchmark can measure a number of rendered pages open at once.
  const hold = kind === 'h' ? '<script src="/hold.js"></script>' : '';
  body.push(
    `</main><footer><p>${capital(words(rnd, 12))}.</p></footer>${hold}${pageScript(scripted, index, nav.join(' | '))}</body></html>`,
  );
  return Buffer.from(head.join('\n') + '\n' + body.join('\n'));
}

/** A stylesheet using both web fonts, so a browser that does not block fonts fetches them. */
export function renderStylesheet() {
  const rnd = prng(hashSeed('css'));
  const faces = Array.from(
    { length: FONT_COUNT },
    (_, k) => `@font-face{font-family:"Bench${k}";src:url(/assets/font-${k}.woff2) format("woff2");font-display:block}`,
  );
  const rules = Array.from(
    { length: 160 },
    (_, k) =>
      `.c${k} ${pick(rnd, ['p', 'li', 'a', 'h2', 'span', 'div'])}{margin:${int(rnd, 0, 24)}px;padding:${int(rnd, 0, 16)}px;color:#${int(rnd, 0, 0xffffff).toString(16).padStart(6, '0')}}`,
  );
  return Buffer.from(
    [
      ...faces,
      'body{font-family:"Bench0",sans-serif;margin:2em;line-height:1.5}',
      'h1,h2{font-family:"Bench1",serif}',
      'img{display:block;max-width:100%}',
      ...rules,
    ].join('\n'),
  );
}

/** Bytes the size of a web font (Chromium fetches them; they are not valid fonts, which it reports and ignores). */
export function renderFont(k) {
  const rnd = prng(hashSeed('font', k));
  const bytes = Buffer.alloc(int(rnd, 25_000, 45_000));
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(rnd() * 256);
  bytes.write('wOF2', 0);
  return bytes;
}

/** A real PNG of noise (so it does not compress): 15–60 KB. */
export function renderImage(k) {
  const rnd = prng(hashSeed('img', k));
  const width = int(rnd, 80, 160);
  const height = int(rnd, 60, 120);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    for (let x = 1; x <= width * 3; x++) raw[y * (width * 3 + 1) + x] = Math.floor(rnd() * 256);
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * `node bench/site/generator.mjs [kind] [size] [dir]` writes one site to disk (default: the
 * variant with assets, 20 pages, into bench/.site/) to look at; the benchmarks serve it from memory.
 */
async function writeSite(kind = 'r', size = 20, dir = new URL('../.site/', import.meta.url).pathname) {
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const prefix = `/${kind}${size}`;
  const files = new Map([['assets/site.css', renderStylesheet()]]);
  for (let k = 0; k < FONT_COUNT; k++) files.set(`assets/font-${k}.woff2`, renderFont(k));
  for (let k = 0; k < IMAGE_COUNT; k++) files.set(`assets/img/${k}.png`, renderImage(k));
  for (let i = 0; i < size; i++)
    files.set(`${pagePath(prefix, i).slice(1)}${i === 0 ? 'index.html' : '.html'}`, renderPage(kind, size, i, prefix));
  for (const [name, body] of files) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), body);
  }
  console.log(`${files.size} files of the site ${prefix} written to ${dir}`);
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const [kind, size, dir] = process.argv.slice(2);
  await writeSite(kind, size ? Number(size) : undefined, dir);
}
