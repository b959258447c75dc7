import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

// The Rust server reads dist/.vite/manifest.json to find the hashed file names and serves
// dist/assets/* at /assets/*, so `base`, `assetsDir` and the manifest must stay as they are.
export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  // The variation matcher's, the attribution classifier's, the password rule's, the cart
  // totals rows' and the postcodes' cases live with the server's code and are read by both
  // (src/variations/matching.cases.test.ts, src/attribution/rules.cases.test.ts,
  // src/behaviours/password-rule.cases.test.ts, src/core/cart/totals-rows.cases.test.ts,
  // src/islands/checkout/postcode.cases.test.ts). The
  // Store API contract test reads the server's pinned replies and WooCommerce's recorded ones
  // (src/core/api/storeapi.contract.test.ts).
  server: {
    fs: {
      allow: [
        root,
        fileURLToPath(new URL('../crates/core/src/catalogue', import.meta.url)),
        fileURLToPath(new URL('../crates/core/src/attribution', import.meta.url)),
        fileURLToPath(new URL('../crates/core/src/passwords', import.meta.url)),
        fileURLToPath(new URL('../crates/server/tests/snapshots', import.meta.url)),
        fileURLToPath(new URL('../crates/core/src/pricing', import.meta.url)),
        fileURLToPath(new URL('../crates/core/src/geo', import.meta.url)),
        // The example extension's script, loaded by src/extensions/globals.test.tsx.
        fileURLToPath(new URL('../examples/extensions', import.meta.url)),
      ],
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    manifest: true,
    // Every browser we support has <link rel="modulepreload">; the polyfill would only add
    // bytes to the entry that runs on every page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The one entry, run on every page. Islands are split off by their dynamic import(), and
      // so are the wc.*/wp.* globals (src/extensions/index.ts), which the server prints as a
      // module script of their own on pages with extensions (web/README.md, "Extensions").
      input: 'src/main.ts',
      output: {
        // React and React DOM are one shared chunk, loaded once per page by whichever island
        // needs them first, so an island's own chunk holds only its own code (the budgets
        // count React once, where a page loads it). page-core: what the entry shares with the
        // lazy chunks (the settings reader, the reply checks' loader, the import preloader) in
        // one chunk, not three compressed apart (docs/benchmarks.md, 2026-11-27: 0.3 KB less
        // at load on every page).
        advancedChunks: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'page-core', test: /src[\\/](core[\\/]settings|core[\\/]api[\\/]checks|lib[\\/]guards)\.ts$|preload-helper/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // One jsdom window per worker, not per file: the window took most of the suite's time
    // (docs/testing.md). src/testing/fresh-page.ts gives each file a fresh page instead.
    isolate: false,
    // reply-checks.ts: the Store API checks at hand, as on a page that has loaded them
    // (src/core/api/checks.ts); a test of the loading itself resets them.
    setupFiles: ['src/testing/fresh-page.ts', 'src/testing/reply-checks.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // A file's first test also pays for importing its island (React and the island's modules,
    // transformed on first use): on a loaded 2-core machine that alone passed the default 5 s.
    testTimeout: 15_000,
  },
});
