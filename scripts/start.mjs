#!/usr/bin/env node
/**
 * `npm start`: builds the web client when web/dist is missing or older than
 * its sources (or the rules library it imports), then runs `cardroom serve`,
 * which prints the URL to open.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const built = join(root, "web/dist/index.html");

/** The newest modification time of the files under `dir`. */
function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = [
  "web/src",
  "web/index.html",
  "web/markdown.ts",
  "src/engine",
  "src/games",
  "src/cli",
  "src/protocol",
  "docs/rules",
].map((p) => join(root, p));
const stale =
  !existsSync(built) ||
  statSync(built).mtimeMs <
    Math.max(...sources.map((p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs)));
const run = (args) => spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" }).status === 0;

if (
  !existsSync(join(root, "dist/src/cli/main.js")) &&
  !run([join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"])
) {
  console.error("npm start: the server did not build (npm run build shows why)");
  process.exit(1);
}
if (stale) {
  console.log("Building the web client…");
  if (!run([join(root, "node_modules/vite/bin/vite.js"), "build", "web", "--logLevel", "warn"])) {
    console.error("npm start: the web client did not build (npx vite build web shows why)");
    process.exit(1);
  }
}
const server = spawn(process.execPath, [join(root, "bin/cardroom.js"), "serve", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => server.kill(sig));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
