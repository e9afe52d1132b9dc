import { vi } from "vitest";

// Runs before each API test file. The API projects share a worker process between files
// (isolate: false), so that Node's own module cache keeps the packages loaded; our code is
// evaluated again for every file, so its module-level state (caches keyed by ids that repeat from
// one test database to the next, timers, counters) starts fresh, as in a process of its own.
vi.resetModules();
