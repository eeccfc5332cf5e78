import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "data/", "web/dist/", "test-artifacts/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ["bin/**/*.js"], languageOptions: { globals: { process: "readonly" } } },
  {
    files: ["scripts/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
  {
    // The rules library and its words run in the browser too: no Node, no faces (docs/ARCHITECTURE.md).
    files: ["src/engine/**/*.ts", "src/games/**/*.ts", "src/words/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^node:", message: "the engine and the games run in the browser too: no Node modules" },
            {
              regex: "^(fs|path|os|child_process|worker_threads|crypto|stream|readline|url|util)$",
              message: "the engine and the games run in the browser too: no Node modules",
            },
            {
              regex: "/(cli|protocol|sim|server)/",
              message:
                "the rules library knows nothing of its faces (terminal, protocol, simulations, server)",
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-constant-condition": ["error", { checkLoops: false }],
    },
  },
);
