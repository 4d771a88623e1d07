/**
 * The studio's build and dev server. `pnpm start` builds it (scripts/build-studio.mjs) and the service serves
 * `dist/` at `/`; `pnpm --filter @larder/web dev` serves it from the sources with hot reload, sending the API's paths
 * to a running service (LARDER_URL, default http://127.0.0.1:3000) as if the page came from the service itself: the
 * session cookie is the service's, and its Origin check wants the service's own origin.
 */
import react from '@vitejs/plugin-react';
import { defineConfig, defaultClientConditions } from 'vite';

const service = process.env['LARDER_URL'] ?? 'http://127.0.0.1:3000';
const serviceOrigin = new URL(service).origin;
const toService = {
  target: service,
  changeOrigin: true,
  configure: (proxy: { on: (event: 'proxyReq', listener: (request: { setHeader: (name: string, value: string) => void; getHeader: (name: string) => unknown }) => void) => void }) => {
    proxy.on('proxyReq', (request) => {
      if (request.getHeader('origin') !== undefined) request.setHeader('origin', serviceOrigin);
    });
  },
};

export default defineConfig({
  plugins: [react()],
  // @larder/client from its TypeScript sources, as the rest of the workspace resolves it.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, sourcemap: false, assetsInlineLimit: 0 },
  server: { proxy: { '/api': toService, '/media': toService, '/l/': toService } },
});
