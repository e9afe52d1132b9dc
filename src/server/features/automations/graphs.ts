import type { Pool, PoolClient } from "pg";
import {
  type AutomationGraph,
  type AutomationStep,
  automationGraph,
} from "../../../domain/automation-graph";
import { selectGraphVersions } from "./engine.queries";

/** A published version with its steps by id. Versions never change, so they are cached. */
export interface LoadedGraph {
  graph: AutomationGraph;
  byId: Map<string, AutomationStep>;
}

const cache = new Map<string, LoadedGraph>();
const MAX = 2000;

export function indexGraph(graph: AutomationGraph): LoadedGraph {
  return { graph, byId: new Map(graph.steps.map((s) => [s.id, s])) };
}

export async function loadGraphs(
  db: Pool | PoolClient,
  keys: ReadonlyArray<{ automationId: number; version: number }>,
): Promise<Map<string, LoadedGraph>> {
  const out = new Map<string, LoadedGraph>();
  const missing: { automationId: number; version: number }[] = [];
  for (const k of keys) {
    const key = `${k.automationId}:${k.version}`;
    const hit = cache.get(key);
    if (hit) out.set(key, hit);
    else if (!missing.some((m) => m.automationId === k.automationId && m.version === k.version))
      missing.push(k);
  }
  if (missing.length) {
    const rows = await selectGraphVersions(db, missing);
    if (cache.size > MAX) cache.clear();
    for (const row of rows) {
      const loaded = indexGraph(automationGraph.parse(row.graph));
      const key = `${row.automation_id}:${row.version}`;
      cache.set(key, loaded);
      out.set(key, loaded);
    }
  }
  return out;
}
