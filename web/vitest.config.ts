import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { leanLucide } from './lean-lucide-plugin.ts';

export default defineProject({
  plugins: [react(), leanLucide()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'happy-dom',
    // The build's own plugins (web/*-plugin.ts) are tested beside them.
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    setupFiles: ['./src/testing/setup.ts'],
    // The screens' tests render whole routes in happy-dom: on a busy 2-core machine one takes seconds, and
    // the default 5 s cut a passing test short. A hang is still caught.
    testTimeout: 20_000,
  },
});
