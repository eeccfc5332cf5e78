import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { markdownPages } from "./markdown.js";

// The client imports the rules library from ../src: the server stays the authority, the
// browser only names and highlights the moves the server lists.
export default defineConfig({
  plugins: [react(), markdownPages()],
  build: { outDir: "dist", emptyOutDir: true, target: "es2022" },
  server: { proxy: { "/api": "http://localhost:3000", "/ws": { target: "ws://localhost:3000", ws: true } } },
});
