// After `vite build`: renders the home page to HTML into dist/index.html so the first paint needs
// no JavaScript, and keeps the empty shell as dist/app.html for every other path (firebase.json
// rewrites "/" and "/home" to the first, everything else to the second).
//
// In the prerendered page the app's scripts start loading right after the first paint instead of
// competing with it: the HTML is already the page, so the scripts only make it interactive.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const dist = path.join(here, 'dist');
const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
const { renderHome } = await import(pathToFileURL(path.join(here, '.ssr', 'entry-server.js')).href);
const html = await renderHome();

const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(shell);
const preloads = [...shell.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
if (!entry || !shell.includes('<div id="root"></div>')) throw new Error('prerender: unexpected dist/index.html shape');

let page = shell.replace(entry[0], '');
for (const p of preloads) page = page.replace(p[0], '');
const loaderCode = `const start = () => {
  for (const href of ${JSON.stringify(preloads.map((p) => p[1]))}) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(${JSON.stringify(entry[1])});
};
requestAnimationFrame(() => setTimeout(start, 0));
`;
// An external file, not an inline script, so the Content-Security-Policy (firebase.json) needs no
// 'unsafe-inline' and no per-build hash for scripts.
const loaderName = `assets/boot-${createHash('sha256').update(loaderCode).digest('hex').slice(0, 10)}.js`;
writeFileSync(path.join(dist, loaderName), loaderCode);
const loader = `<script type="module" src="/${loaderName}"></script>`;
// The banner is the home page's largest paint: fetch it first (only here, not in the shell).
page = page.replace('</title>', '</title>\n    <link rel="preload" as="image" href="/images/banner.svg" type="image/svg+xml" fetchpriority="high" />');
page = page.replace('<div id="root"></div>', `<div id="root">${html}</div>`).replace('</body>', `${loader}\n</body>`);

writeFileSync(path.join(dist, 'app.html'), shell);
writeFileSync(path.join(dist, 'index.html'), page);
console.log(`prerender: home page (${Math.round(html.length / 1024)} KB of HTML) in dist/index.html; dist/app.html is the SPA shell`);
