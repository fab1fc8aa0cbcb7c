import { defineConfig, type UserConfig, type UserConfigFnObject } from 'vite';
import shop from './vite.config.ts';

/**
 * The early script (src/early.ts, decision 0053) as a build of its own: one file with everything it
 * imports inside, so it runs as soon as it arrives instead of waiting for the app's shared chunks
 * (a second input of the app's build would share modules with it, and the app's chunking groups
 * would pull the framework chunk in). The same settings as the app (define, checked env), written
 * into the app's dist after its build; web/prerender.mjs finds its file in the manifest.
 */
export default defineConfig((env) => {
  const app = (shop as UserConfigFnObject)(env) as UserConfig;
  return {
    define: app.define,
    publicDir: false,
    build: {
      target: app.build?.target,
      sourcemap: false,
      reportCompressedSize: false,
      outDir: 'dist',
      emptyOutDir: false,
      manifest: '.vite/early-manifest.json',
      modulePreload: false,
      rolldownOptions: {
        input: { early: 'src/early.ts' },
        output: { entryFileNames: 'assets/[name]-[hash].js' },
      },
    },
  };
});
