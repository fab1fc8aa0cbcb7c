/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
    // web/prerender.mjs reads it to preload each prerendered page's own chunks (dist/.vite is not deployed).
    manifest: true,
  },
  // The prerender bundles every dependency so Node never resolves MUI's deep imports itself.
  ssr: { noExternal: true },
  server: { port: 5173 },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    css: false,
  },
});
