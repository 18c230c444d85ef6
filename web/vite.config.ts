/// <reference types="vitest/config" />
// Vite builds the client into the Python package, where `cardtable serve` serves it.
import { defineConfig, type Plugin } from 'vite';

/**
 * The server sends a strict Content-Security-Policy (script-src 'self', no inline
 * styles needed either): the build fails if the page it writes has an inline script,
 * an event handler attribute or an inline style.
 */
function noInlineCode(): Plugin {
  return {
    name: 'cardtable:no-inline-code',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.html')) continue;
        const html = String(file.source);
        const tags = [...html.matchAll(/<[a-z][^>]*>/gi)].map((m) => m[0]);
        const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
        const problems = [
          ...scripts.filter(([, attrs, body]) => !/\bsrc=/i.test(attrs) || body.trim()).map(() => 'an inline <script>'),
          ...tags.filter((tag) => /\son[a-z]+\s*=/i.test(tag)).map((tag) => `an event handler attribute in ${tag}`),
          ...tags.filter((tag) => /^<style\b/i.test(tag) || /\sstyle\s*=/i.test(tag)).map((tag) => `an inline style in ${tag}`),
        ];
        if (problems.length) this.error(`${file.fileName} would break the Content-Security-Policy: ${problems.join('; ')}`);
      }
    },
  };
}

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [noInlineCode()],
  build: {
    outDir: '../src/cardtable/server/static',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
  },
  server: {
    // `npm run dev` against a `cardtable serve` on :8000
    proxy: {
      '/api': 'http://127.0.0.1:8000',
      '/ws': { target: 'ws://127.0.0.1:8000', ws: true },
    },
  },
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
  },
});
