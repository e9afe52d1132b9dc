import type { Plugin } from "vite";

/** Writes .br and .gz beside each compressible file of `dir`; the bytes before and after (br). */
export function precompress(dir: string): Promise<{ before: number; after: number }>;
/** The vite plugin: precompresses the output of a production build. */
export function precompressPlugin(): Plugin;
