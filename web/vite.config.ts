/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { localWebEnvDefaults, VITE_DEV_PORT } from '@fridgeparts/common/local-stack';
import { webEnvProblems } from './src/lib/infra/env-schema.ts';

export default defineConfig(({ mode }) => {
  // A build for the emulators (web/.env) takes the project id and the emulators' addresses from
  // common/src/local-stack.json, the stack's one source of them; anything the env sets wins.
  const loaded = loadEnv(mode, import.meta.dirname, 'VITE_');
  const localDefaults = localWebEnvDefaults(loaded);
  // The settings are checked here, once, so a wrong one stops the build, never a customer's page.
  const problems = webEnvProblems({ ...loaded, ...localDefaults });
  if (problems.length) throw new Error(`Configuration error in the web app's settings (see web/.env.example):\n  ${problems.join('\n  ')}`);
  return {
    plugins: [react()],
    define: Object.fromEntries(Object.entries(localDefaults).map(([name, value]) => [`import.meta.env.${name}`, JSON.stringify(value)])),
    build: {
      target: 'es2022',
      sourcemap: false,
      reportCompressedSize: false,
      // web/prerender.mjs reads it to preload each prerendered page's own chunks (dist/.vite is not deployed).
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // What every page runs, in two files instead of the eight small ones the automatic
              // splitting made (each a request every page waited for; issue 9): React, then the
              // router, TanStack Query and the API client. Two, not one, so the prerendered pages'
              // boot script can evaluate them in two tasks instead of one long one (web/prerender.mjs).
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
              {
                name: 'framework',
                test: /node_modules[\\/](react-router|react-router-dom|@tanstack[\\/][\w-]+)[\\/]|src[\\/]lib[\\/]infra[\\/](config|api-client|query-keys|use-hydrated)\.ts$|src[\\/]components[\\/]visually-hidden\.ts$/,
                priority: 10,
              },
            ],
          },
        },
      },
    },
    // The prerender bundles every dependency, so Node resolves none of them itself.
    ssr: { noExternal: true },
    server: { port: VITE_DEV_PORT },
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test-setup.ts'],
      css: false,
      // Dialogs and forms under jsdom can take seconds on a busy 2-core CI machine; a test that waits
      // for an answer still fails, only later (the default 5 s timed out on a loaded machine).
      testTimeout: 20_000,
      // Every core: vitest's default leaves one idle, which on a 2-core CI machine is half of them.
      maxWorkers: availableParallelism(),
      // Each file still runs in a context of its own, but jsdom is set up once per worker, not once
      // per file: the web suite went from 131 s to 34 s on 2 cores (decision 0047).
      pool: 'vmThreads',
    },
  };
});
