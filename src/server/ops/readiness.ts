/**
 * Whether this process has finished starting: migrations run, background work started, the demo
 * seeded where it is. `/readyz` answers 503 until then, so a load balancer (or the browser
 * tests) sends no traffic to a process still busy starting, while `/healthz` says it is alive.
 */
let ready = false;

export function markReady(): void {
  ready = true;
}

export function isReady(): boolean {
  return ready;
}
