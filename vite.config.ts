import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), tsconfigPaths()],
  build: isSsrBuild
    ? undefined
    : {
        rollupOptions: {
          // Icons and small components would otherwise each be a request of a few
          // hundred bytes; merged, a page loads a handful of scripts instead of forty.
          output: { experimentalMinChunkSize: 8_000 },
        },
      },
}));
