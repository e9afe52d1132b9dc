import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildAccountWithUser, loginAs } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { consentEvents } from "../compliance/compliance.schema";
import { groupMembers } from "../groups/groups.schema";
import { subscribers } from "../subscribers/subscribers.schema";
import { runImport } from "./import-runner";

const t = await createTestServer({
  env: { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "parley-import-resume-test-")) },
});
const a = await buildAccountWithUser(t.db);
const cookie = await loginAs(t.app, a.user.username, a.user.password);
const club = (await t.post("/api/groups", { name: "Club" }, { cookie })).json();

/** 23 rows: every fifth has a bad phone; the rest are distinct valid numbers. */
const ROWS = Array.from({ length: 23 }, (_, i) =>
  i % 5 === 4 ? `bad-${i},Bad ${i}` : `212555${String(1000 + i)},Person ${i}`,
);
const CSV = ["Phone,First", ...ROWS].join("\n");

async function uploadAndStart(): Promise<number> {
  const boundary = "----parleyresume";
  const body = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="resume.csv"',
    "Content-Type: text/csv",
    "",
    CSV,
    `--${boundary}--`,
    "",
  ].join("\r\n");
  const up = await t.request({
    method: "POST",
    url: "/api/subscribers/imports",
    body,
    cookie,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  });
  const id = up.json().id as number;
  const start = await t.post(
    `/api/subscribers/imports/${id}/start`,
    { mapping: ["number", "firstName"], attestation: true, groupIds: [club.id] },
    { cookie },
  );
  expect(start.statusCode, start.body).toBe(200);
  return id;
}

describe("an import whose worker dies mid-way", () => {
  it("resumes where it stopped: every row once, exact counts, each failed row once", async () => {
    const id = await uploadAndStart();
    // The first worker "dies" after its first checkpoint (two batches of four rows written
    // together; it never goes on), with the write after it possibly committed already: the
    // state a kill -9 can leave.
    let died = false;
    void runImport(t.ctx, id, {
      batchRows: 4,
      batchesPerWrite: 2,
      afterCheckpoint: (batch) => {
        if (batch < 1) return Promise.resolve();
        died = true;
        return new Promise(() => {});
      },
    });
    // Two batches of four rows: seconds on a loaded CI machine, more than the poll's default second.
    await expect.poll(() => died, { timeout: 30_000 }).toBe(true);
    await new Promise((r) => setTimeout(r, 200)); // let an in-flight batch commit, as it would
    const mid = (await t.get(`/api/subscribers/imports/${id}`, { cookie })).json();
    expect(mid.status).toBe("running");
    expect(mid.processedRows).toBeLessThan(23);

    // pg-boss runs the expired job again: the second worker finishes the import, three batches
    // a write (as a newer version might): the committed ones among them are not written again.
    await runImport(t.ctx, id, { batchRows: 4, batchesPerWrite: 3 });
    const done = (await t.get(`/api/subscribers/imports/${id}`, { cookie })).json();
    expect(done).toMatchObject({
      status: "finished",
      processedRows: 23,
      added: 19,
      skipped: 0,
      failed: 4,
    });

    const phones = await t.db
      .select({ phone: subscribers.phone })
      .from(subscribers)
      .where(eq(subscribers.accountId, a.account.id));
    expect(phones).toHaveLength(19);
    const [members] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(groupMembers)
      .where(eq(groupMembers.groupId, club.id));
    expect(members?.n).toBe(19);
    const [consent] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(consentEvents)
      .where(and(eq(consentEvents.accountId, a.account.id), eq(consentEvents.source, "import")));
    expect(consent?.n).toBe(19);

    const failed = await t.get(done.failedRowsUrl, { cookie });
    expect(failed.body.trim().split("\n")).toEqual([
      "Phone,First,reason",
      "bad-4,Bad 4,Not a valid US or Canada mobile number",
      "bad-9,Bad 9,Not a valid US or Canada mobile number",
      "bad-14,Bad 14,Not a valid US or Canada mobile number",
      "bad-19,Bad 19,Not a valid US or Canada mobile number",
    ]);
  }, 90_000);

  it("a finished import run again changes nothing", async () => {
    const id = await uploadAndStart();
    await runImport(t.ctx, id, { batchRows: 4 });
    const first = (await t.get(`/api/subscribers/imports/${id}`, { cookie })).json();
    await runImport(t.ctx, id, { batchRows: 4 });
    const second = (await t.get(`/api/subscribers/imports/${id}`, { cookie })).json();
    expect(second).toEqual(first);
    // Same numbers again: all already there, so all skipped.
    expect(first).toMatchObject({ status: "finished", added: 0, skipped: 19, failed: 4 });
  });
});
