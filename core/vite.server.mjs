// core's server build: src/server.tsx as one ES module for Node (dist/server.js), every library left as an
// import, so the server process and the micro-frontends' server entries share one copy of each.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    ssr: 'src/server.tsx',
    outDir: 'dist',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: { output: { entryFileNames: 'server.js', format: 'es' } },
  },
});
