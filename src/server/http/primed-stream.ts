import { Readable } from "node:stream";

/**
 * A download streamed from a generator, started before the answer is: the first `chunks`
 * chunks (the header line and the first batch of rows, hence the first query) are read now, so
 * a query that fails makes a clean error answer instead of a 200 whose file stops midway.
 */
export async function primedStream(source: AsyncIterable<string>, chunks = 2): Promise<Readable> {
  const it = source[Symbol.asyncIterator]();
  const head: string[] = [];
  let done = false;
  while (head.length < chunks) {
    const next = await it.next();
    if (next.done) {
      done = true;
      break;
    }
    head.push(next.value);
  }
  async function* rest() {
    yield* head;
    if (done) return;
    for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
  }
  return Readable.from(rest());
}
