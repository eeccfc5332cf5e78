/**
 * The rules library (engine and games) bundles for the browser with no Node
 * module in it: the web client and the server run the same rules.
 */
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

/** The entry bundled for the browser: it builds, and nothing in it comes from Node. */
async function browserBundle(entry: string): Promise<string> {
  const out = await build({
    entryPoints: [entry],
    bundle: true,
    platform: "browser",
    format: "esm",
    write: false,
    logLevel: "silent",
  });
  expect(out.errors).toEqual([]);
  const code = out.outputFiles[0].text;
  expect(code).not.toMatch(/from\s+["']node:|require\(["']node:/);
  return code;
}

describe("the rules library in the browser", () => {
  it("bundles src/games/index.ts for the browser with nothing from Node", async () => {
    const code = await browserBundle("src/games/index.ts");
    // The registry and a game are in it, and the hash for hand seeds.
    expect(code).toContain("crazy-eights");
    expect(code).toContain("HMAC");
  });

  it("bundles the hand's proof (src/protocol/replay-proof.ts) for the browser with nothing from Node", async () => {
    const code = await browserBundle("src/protocol/replay-proof.ts");
    expect(code).toContain("does not match the commitment");
  });
});
