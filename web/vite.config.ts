import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Long-lived vendor chunks: they change far less often than the screens, so repeat visits hit the cache.
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next|i18next-http-backend)[\\/]/ },
  { name: 'data', test: /node_modules[\\/](@tanstack|zod)[\\/]/ },
];

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: ['es2022', 'chrome111', 'edge111', 'firefox114', 'safari16.4'],
    cssCodeSplit: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true },
    },
  },
});
