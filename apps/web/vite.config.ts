import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress';

// The API server the dev and preview servers proxy to; BHASHA_API_TARGET points elsewhere.
const API_TARGET = process.env.BHASHA_API_TARGET ?? 'http://127.0.0.1:3000';
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // React changes rarely: its own chunk stays cached across releases. What the first screen
        // needs besides React (`$initial`: the entry's static imports, antd's core included) is one
        // chunk rather than a score of small shared ones, each of which would cost a request and
        // its headers. Everything else is split by where it is used, so the sign-in page loads
        // only the components it shows and each screen of the app brings its own.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 2,
            },
            { name: 'first-screen', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    root,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    testTimeout: 30_000,
  },
});
