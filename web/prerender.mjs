// After `vite build`: renders the public pages to HTML so their first paint needs no JavaScript:
// "/" into dist/index.html and /login, /signup, /blogs, /purchaseorder and /appliance-models into dist/<page>.html
// (Hosting's cleanUrls serves /login from login.html), and a model's page as it loads into
// dist/appliance-model.html (firebase.json rewrites /appliance-models/* to it). The empty shell
// stays as dist/app.html for every other path (firebase.json rewrites "**" to it).
//
// In a prerendered page the app's scripts start loading right after the first paint instead of
// competing with it: the HTML is already the page, so the scripts only make it interactive.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const dist = process.env.WEB_DIST ?? path.join(here, 'dist');
const ssr = process.env.WEB_SSR ?? path.join(here, '.ssr');

const { renderPage, paths, ROUTES, apiBase, EARLY_READ_PATTERNS, htmlPreloadsFor, EARLY_FIRST_WAIT_MS, EARLY_SETTLED_EVENT } = await import(
  pathToFileURL(path.join(ssr, 'entry-server.js')).href
);

/**
 * The prerendered pages: path (web/src/lib/paths.ts's, through the server bundle, which this script
 * can import where it cannot import TypeScript), title (what usePageTitle sets once the app runs)
 * and extra head tags. The file is the path's: Hosting's cleanUrls serves /login from login.html.
 */
const PAGES = [
  {
    path: paths.home,
    title: null,
    // The banner is the home page's largest paint: fetch it first.
    head: '<link rel="preload" as="image" href="/images/banner.svg" type="image/svg+xml" fetchpriority="high" />',
  },
  { path: paths.login, title: 'Login', modules: ['src/pages/login-page.tsx'] },
  { path: paths.signup, title: 'Sign Up', modules: ['src/pages/signup-page.tsx'] },
  { path: paths.blogs, title: 'Blogs', modules: ['src/pages/blogs-page.tsx', 'src/pages/blogs/blogs-index-page.tsx'] },
  // Its largest paint is the first card's picture: the early script puts the first hits' pictures
  // into the loading cards before the app runs, and the app downloads after that (decision 0053).
  { path: paths.catalog, title: 'All parts', modules: ['src/pages/catalog-page.tsx'], bootAfterEarlyReads: true },
  { path: paths.applianceModels, title: 'Find parts by appliance model', modules: ['src/pages/appliance-models-page.tsx'] },
  // A model's page as it loads (its skeleton): the same for every model, so it is one file,
  // appliance-model.html, which Hosting serves for every /appliance-models/{modelKey}
  // (firebase.json). The early script reads the model and its drawing and paints the model's
  // header, the page's largest paint, before the app runs; the app downloads once that is done
  // (decision 0053).
  {
    path: paths.applianceModel('MODEL'),
    pattern: ROUTES.applianceModel,
    file: 'appliance-model.html',
    title: 'Appliance model',
    modules: ['src/pages/appliance-model-page.tsx'],
    bootAfterEarlyReads: true,
  },
].map((page) => ({ file: page.path === paths.home ? 'index.html' : `${page.path.slice(1)}.html`, ...page }));

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
/**
 * The chunk files a page's source modules need (their own and their static imports', not the
 * entry's), and their stylesheets: a lazy page's CSS must be in the prerendered <head>, or the
 * page would reflow when its script brings the CSS later.
 */
function chunksOf(modules) {
  const files = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${key} is not in the Vite manifest`);
    if (chunk.isEntry || files.has('/' + chunk.file)) return;
    files.add('/' + chunk.file);
    for (const sheet of chunk.css ?? []) css.add('/' + sheet);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const m of modules) visit(m);
  return { js: [...files], css: [...css] };
}

const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');

const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(shell);
const preloads = [...shell.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
const shellTitle = /<title>([^<]*)<\/title>/.exec(shell);
if (!entry || !shellTitle || !shell.includes('<div id="root"></div>')) throw new Error('prerender: unexpected dist/index.html shape');

/** The chunks' files in an order where each comes after the chunks it imports (from the manifest). */
function evaluationOrder(files) {
  const byFile = new Map(Object.values(manifest).map((chunk) => ['/' + chunk.file, chunk]));
  const ordered = [];
  const visit = (file) => {
    if (ordered.includes(file) || !files.includes(file)) return;
    for (const dep of byFile.get(file)?.imports ?? []) visit('/' + manifest[dep].file);
    ordered.push(file);
  };
  files.forEach(visit);
  return ordered;
}

// Besides the entry's chunks, a page lists its own lazy chunks in data-chunks, so they download
// alongside the entry instead of after it has run. The page's API reads are the early script's
// (below), not this one's: it runs only after the first paint.
const loaderCode = `const boot = document.querySelector('script[data-chunks]')?.dataset ?? {};
const start = async () => {
  const own = JSON.parse(boot.chunks ?? '[]');
  // The entry too: it is imported only after the shared chunks have run, and would then be one more
  // round trip before the page's largest paint (decision 0053).
  for (const href of new Set([...${JSON.stringify(preloads.map((p) => p[1]))}, ${JSON.stringify(entry[1])}, ...own])) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // The entry's shared chunks one task each, dependencies first: evaluated with the entry they
  // would be one long task (Total Blocking Time) while the browser could not answer input.
  for (const href of ${JSON.stringify(evaluationOrder(preloads.map((p) => p[1])))}) {
    await import(href).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  import(${JSON.stringify(entry[1])});
};
// A page whose largest paint is the early script's waits for it, up to a limit (EARLY_SETTLED_EVENT).
const early = 'afterEarly' in boot
  ? new Promise((resolve) => {
      if (window.__fpEarlySettled) return resolve();
      addEventListener(${JSON.stringify(EARLY_SETTLED_EVENT)}, resolve, { once: true });
      setTimeout(resolve, ${EARLY_FIRST_WAIT_MS});
    })
  : null;
requestAnimationFrame(() => setTimeout(() => (early ? early.then(start) : start()), 0));
`;
// An external file, not an inline script, so the Content-Security-Policy (firebase.json) needs no
// 'unsafe-inline' and no per-build hash for scripts.
const loaderName = `assets/boot-${createHash('sha256').update(loaderCode).digest('hex').slice(0, 10)}.js`;
writeFileSync(path.join(dist, loaderName), loaderCode);
const attr = (value) => JSON.stringify(value).replaceAll('&', '&amp;').replaceAll("'", '&#39;');
const loaderTag = (chunks, afterEarly) =>
  `<script type="module" src="/${loaderName}" data-chunks='${attr(chunks)}'${afterEarly ? ' data-after-early' : ''}></script>`;

// The early script (src/early.ts, its own build: vite.early.config.ts), async in <head> so it runs
// as soon as it arrives, while the app's scripts download: it starts the page's first API reads
// and what they lead to (decision 0053). In the prerendered pages app/early-reads.ts names (the
// pages the SPA shell serves read nothing before the app runs).
const earlyFile = '/' + JSON.parse(readFileSync(path.join(dist, '.vite', 'early-manifest.json'), 'utf8'))['src/early.ts'].file;
const earlyTag = `<script type="module" async src="${earlyFile}"></script>`;

let bare = shell.replace(entry[0], '');
for (const p of preloads) bare = bare.replace(p[0], '');

writeFileSync(path.join(dist, 'app.html'), shell);
for (const page of PAGES) {
  const html = await renderPage(`http://localhost${page.path}`);
  // Same format as usePageTitle (web/src/lib/use-page-title.ts).
  const chunks = chunksOf(page.modules ?? []);
  const reads = EARLY_READ_PATTERNS.includes(page.pattern ?? page.path);
  // The reads of the page's address without a query are preloaded from the HTML as well, a round
  // trip before the early script could start them (app/early-reads.ts htmlPreloadsFor).
  const fetches = htmlPreloadsFor(page.pattern ?? page.path)
    .map(({ path: href }) => `<link rel="preload" as="fetch" crossorigin href="${(apiBase + href).replaceAll('&', '&amp;')}">`)
    .join('');
  const title = page.title ? `${page.title} | FridgeParts` : shellTitle[1];
  const out = bare
    .replace(shellTitle[0], `<title>${title}</title>${page.head ? `\n    ${page.head}` : ''}${reads ? `\n    ${earlyTag}` : ''}`)
    .replace('</head>', `${fetches}${chunks.css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('')}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${html}</div>`)
    .replace('</body>', `${loaderTag(chunks.js, page.bootAfterEarlyReads)}\n</body>`);
  writeFileSync(path.join(dist, page.file), out);
  console.log(`prerender: ${page.path} (${Math.round(html.length / 1024)} KB of HTML) in dist/${page.file}`);
}
console.log('prerender: dist/app.html is the SPA shell for every other path');
