import { runExport } from "../features/subscriber-exports/exports.service";
import type { TestResponse, TestServer } from "./harness";

/**
 * A CSV export as the screen makes it: POST `url` starts the export, its job runs here (API tests
 * have no job queue), and the answer is the downloaded file, or the start's refusal (a 4xx).
 */
export async function exportedCsv(
  t: TestServer,
  url: string,
  cookie: string,
): Promise<TestResponse> {
  const started = await t.post(url, undefined, { cookie });
  if (started.statusCode !== 201) return started;
  const id = started.json().id;
  await runExport(t.ctx, id);
  const done = (await t.get(`/api/subscribers/exports/${id}`, { cookie })).json();
  return t.get(done.downloadUrl, { cookie });
}
