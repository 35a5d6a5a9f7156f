import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The web UI: built from src/apps/web into dist/web, which `footnote serve` serves at `/`. */
export default defineConfig({
  root: here('./src/apps/web'),
  base: '/',
  plugins: [react()],
  build: {
    outDir: here('./dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    // `npm run dev:web` proxies the API to a `footnote serve` on the default port.
    proxy: { '/api': 'http://127.0.0.1:4100', '/health': 'http://127.0.0.1:4100' },
  },
});
