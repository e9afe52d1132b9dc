import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineQueue } from "./job";
import { enqueue } from "./queue";
import { JOBS, PIPELINE_LOOPS, WORKER_LOOPS } from "./registry";

const features = path.resolve(import.meta.dirname, "../features");

/** Every `*.job.ts` / `*.loop.ts` file under the server's features. */
function filesEndingWith(suffix: string): string[] {
  return readdirSync(features, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(suffix) && !f.endsWith(`.test${suffix}`))
    .map((f) => path.join(features, f));
}

describe("background work", () => {
  it("runs every job and loop file a feature has, each under a name of its own", async () => {
    const jobs = new Set<unknown>(JOBS);
    const loops = new Set<unknown>([...PIPELINE_LOOPS, ...WORKER_LOOPS]);
    const missing: string[] = [];
    for (const [suffix, registered] of [
      [".job.ts", jobs],
      [".loop.ts", loops],
    ] as const) {
      for (const file of filesEndingWith(suffix)) {
        const exported = Object.values(await import(file)).filter(
          (v) => typeof v === "object" && v !== null && ("handler" in v || "step" in v),
        );
        if (exported.length === 0 || exported.some((v) => !registered.has(v)))
          missing.push(path.relative(features, file));
      }
    }
    expect(missing).toEqual([]);
    const names = [
      ...JOBS.map((j) => j.queue.name),
      ...[...loops].map((l) => (l as { name: string }).name),
    ];
    expect(new Set(names).size).toBe(names.length);
  });

  it("refuses to queue a payload that does not have its queue's shape", async () => {
    const queue = defineQueue("test-queue", z.object({ exportId: z.number().int() }));
    await expect(enqueue(queue, { exportId: "7" as unknown as number })).rejects.toThrow();
    // Without a running queue (this process), a good payload is left to the caller.
    await expect(enqueue(queue, { exportId: 7 })).resolves.toBe(false);
  });
});
