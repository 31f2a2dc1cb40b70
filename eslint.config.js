// ESLint: the recommended rules of ESLint, typescript-eslint, React Hooks and
// jsx-a11y. `npm run lint` runs it after the type check.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "memory/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // The request checks match control characters on purpose: to refuse them.
      "no-control-regex": "off",
      // server.ts declares the app entry before the middleware that reads it, and sets it once the build is loaded.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      // `const { dropped, ...rest } = value` is how a field is left out of a copy.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
    },
  },
  {
    // Browser code: components, hooks, routes. Server modules have no components or hooks.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/.server/**"],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // A scrolling region takes focus so it can be scrolled by keyboard (axe: scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
    },
  },
  {
    // The environment is parsed once, with zod, in app/.server/env.ts: everything else asks it.
    files: ["app/**/*.{ts,tsx}", "server.ts"],
    ignores: ["app/.server/env.ts"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read the environment through app/.server/env.ts." }],
      "no-restricted-imports": [
        "error",
        ...["process", "node:process"].map((name) => ({ name, importNames: ["env"], message: "Read the environment through app/.server/env.ts." })),
      ],
    },
  },
);
