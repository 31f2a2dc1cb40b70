import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Unit tests only: the React Router plugin is left out on purpose, it is for app builds.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // app.css is read as text (?raw) for its theme colours (app/.server/branding/theme.ts); other CSS stays empty.
    css: { include: [/app\.css/] },
    // One migrated database per run, which each test file copies (tests/integration/support/database.ts).
    globalSetup: ["tests/integration/support/global-setup.ts"],
    // Vitest's default on two cores is one file at a time, while most files wait on a database, a
    // child process or a socket: two at a time (beside the production build in `npm test`).
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
