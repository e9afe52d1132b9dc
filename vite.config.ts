import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompressPlugin } from "./scripts/precompress.mjs";

// The SPA lives in src/web; the server serves dist/web in production and proxies nothing in dev.
export default defineConfig({
  root: "src/web",
  // .br and .gz beside the built files, served as they are by the server (preCompressed).
  plugins: [react(), precompressPlugin()],
  build: { outDir: "../../dist/web", emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/healthz": "http://localhost:3000" },
  },
});
