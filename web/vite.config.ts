import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { markdownPages } from "./markdown.js";

/**
 * Chunks named for what they hold: `game-<id>` a game's rules, `table-<name>` a table's drawing,
 * `rules-<id>` a rules page; the rest by their first module. The names are for people reading the
 * build; tests and the bench find a game's files in the manifest.
 */
function chunkName(facade: string | null): string {
  const path = (facade ?? "").replace(/\\/g, "/");
  const game = /\/src\/games\/([^/]+)\/game\.ts$/.exec(path);
  if (game) return `assets/game-${game[1]}-[hash].js`;
  const table = /\/web\/src\/tables\/([^/]+)\.tsx$/.exec(path);
  if (table) return `assets/table-${table[1]}-[hash].js`;
  const rules = /\/docs\/rules\/([^/]+)\.md\?html$/.exec(path);
  if (rules) return `assets/rules-${rules[1]}-[hash].js`;
  return "assets/[name]-[hash].js";
}

// The client imports the rules library from ../src: the server stays the authority, the
// browser only names and highlights the moves the server lists. Each file is also written
// brotli- and gzip-compressed (x.js.br, x.js.gz), at the highest levels since it is done once,
// and the server sends whichever the browser accepts (src/server/web-files.ts).
export default defineConfig({
  plugins: [
    react(),
    markdownPages(),
    compression({ algorithms: ["brotliCompress", "gzip"], threshold: 1024 }),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    manifest: true,
    rolldownOptions: {
      // The compression at build is a few seconds of brotli: expected, not worth a warning.
      checks: { bundlerTimings: false },
      output: {
        chunkFileNames: (chunk) => chunkName(chunk.facadeModuleId),
        // The schemas library every game's rules use, in one chunk of its own that a new build of
        // the client leaves cached.
        codeSplitting: { groups: [{ name: "zod", test: /node_modules[\\/]zod[\\/]/ }] },
      },
    },
  },
  server: { proxy: { "/api": "http://localhost:3000", "/ws": { target: "ws://localhost:3000", ws: true } } },
});
