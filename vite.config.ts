import { defineConfig } from 'vitest/config';

export default defineConfig({
  build: { target: 'es2022', sourcemap: false, reportCompressedSize: true, chunkSizeWarningLimit: 700 },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1' },
  test: {
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
