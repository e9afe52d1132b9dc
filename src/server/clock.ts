/**
 * The server's wall clock. Services read the time from `ctx.clock`, never from `new Date()` or
 * `Date.now()` (the linter refuses those in features and carriers), so a test sets the time
 * (a trial that ends, a code that expires) instead of sleeping.
 *
 * Not to be confused with the automation engine's clock (features/automations/clock.ts): that one
 * is the database's time plus a movable offset, for drip timers compared inside SQL.
 */
export interface Clock {
  now(): Date;
}

/** The real time: what every process runs on. */
export const systemClock: Clock = {
  now: () => new Date(),
};

/**
 * The real time moved to start at `start` and run on from there: a test server's clock
 * (CLOCK_START), so a journey sees the night in Texas at any hour of the day.
 */
export function clockFrom(start: Date): Clock {
  const offset = start.getTime() - Date.now();
  return { now: () => new Date(Date.now() + offset) };
}

/** A clock that stands still until the test sets or advances it. */
export class TestClock implements Clock {
  private ms: number;

  constructor(start: Date | string | number = new Date()) {
    this.ms = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  set(at: Date | string | number): Date {
    this.ms = new Date(at).getTime();
    return this.now();
  }

  advance(ms: number): Date {
    this.ms += ms;
    return this.now();
  }
}
