// Writes .br and .gz beside each compressible file of a web build, so @fastify/static
// (preCompressed) sends them as they are: compressed once at build, at the best ratio, instead
// of on every request.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Smaller files gain less than the extra round of headers costs. */
const THRESHOLD = 1024;
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".html", ".svg", ".json", ".txt", ".map"]);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Compresses every file of `dir` worth it; returns the bytes before and after (brotli). */
export async function precompress(dir) {
  let before = 0;
  let after = 0;
  for await (const file of files(dir)) {
    if (!COMPRESSIBLE.has(path.extname(file))) continue;
    if ((await stat(file)).size < THRESHOLD) continue;
    const data = await readFile(file);
    const br = await brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gz = await gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION });
    await writeFile(`${file}.br`, br);
    await writeFile(`${file}.gz`, gz);
    before += data.length;
    after += br.length;
  }
  return { before, after };
}

/** The vite plugin: after a production build has written its files. */
export function precompressPlugin() {
  let outDir = "";
  return {
    name: "parley-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompress(outDir);
    },
  };
}
