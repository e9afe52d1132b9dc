import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  AUDIT_GENESIS,
  type AuditChainFields,
  auditChangeLines,
  auditHashInput,
  canonicalJson,
  diffFields,
  verifyChain,
} from "./audit";

const sha = (s: string) => createHash("sha256").update(s).digest("hex");

function chain(n: number) {
  const rows: (AuditChainFields & { id: number; hash: string })[] = [];
  let prev = AUDIT_GENESIS;
  for (let i = 1; i <= n; i++) {
    const fields: AuditChainFields = {
      accountId: 7,
      seq: i,
      at: new Date(Date.UTC(2026, 0, i)),
      actorKind: "user",
      actorId: "3",
      actorName: "Olive Owner",
      actingAccountId: null,
      actingUserId: null,
      action: "settings.update",
      targetType: "setting",
      targetId: "quiet_hours",
      targetLabel: null,
      changes: { quiet_hours: { before: null, after: i } },
      ip: "127.0.0.1",
      userAgent: null,
    };
    const hash = sha(auditHashInput(prev, fields));
    rows.push({ ...fields, id: 100 + i, hash });
    prev = hash;
  }
  return rows;
}

describe("canonicalJson", () => {
  it("sorts keys at every depth and drops undefined", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"y":2,"z":1}]},"b":1}',
    );
  });
});

describe("diffFields", () => {
  it("keeps only what changed and hides secrets", () => {
    expect(
      diffFields(
        { level: 1, name: "a", password: "x", same: [1] },
        { level: 2, name: "a", password: "y", same: [1] },
      ),
    ).toEqual({
      level: { before: 1, after: 2 },
      password: { before: "[hidden]", after: "[hidden]" },
    });
  });
});

describe("verifyChain", () => {
  it("accepts an intact chain", () => {
    expect(verifyChain(chain(5), sha)).toEqual({ ok: true, checked: 5 });
  });

  it("names an edited row", () => {
    const rows = chain(5);
    rows[2] = { ...rows[2]!, actorName: "Someone else" };
    expect(verifyChain(rows, sha)).toMatchObject({
      ok: false,
      checked: 2,
      firstBroken: { id: 103, reason: "hash" },
    });
  });

  it("names the row after a removed one", () => {
    const rows = chain(5);
    rows.splice(1, 1);
    expect(verifyChain(rows, sha)).toMatchObject({
      ok: false,
      firstBroken: { id: 103, reason: "gap" },
    });
  });

  it("sees a removed row even when later ones were renumbered", () => {
    const rows = chain(5);
    rows.splice(1, 1);
    const renumbered = rows.map((r, i) => ({ ...r, seq: i + 1 }));
    expect(verifyChain(renumbered, sha)).toMatchObject({ ok: false, firstBroken: { id: 103 } });
  });

  it("continues from a checkpoint (a batch after the first)", () => {
    const rows = chain(4);
    expect(verifyChain(rows.slice(2), sha, { prevHash: rows[1]!.hash, prevSeq: 2 })).toEqual({
      ok: true,
      checked: 2,
    });
  });
});

describe("changes in words", () => {
  it("labels fields and writes values as a person reads them", () => {
    expect(
      auditChangeLines({
        verifyNewDevices: { before: false, after: true },
        quiet_hours: { before: null, after: [["21:00", "08:00"]] },
        events: { after: ["subscriber.created", "message.received"] },
        send_settings: {
          before: { header: "", footer: "Bye" },
          after: { header: "Hi", footer: "Bye" },
        },
        url: { before: "https://a.example/x", after: "https://b.example/y" },
      }),
    ).toEqual([
      {
        field: "verifyNewDevices",
        label: "Verify new devices",
        before: "off",
        after: "on",
        beforeKnown: true,
      },
      {
        field: "quiet_hours",
        label: "Quiet hours",
        before: "none",
        after: "21:00–08:00",
        beforeKnown: true,
      },
      {
        field: "events",
        label: "Events",
        before: "none",
        after: "subscriber.created, message.received",
        // Only the new value was recorded: the screen says "set to".
        beforeKnown: false,
      },
      {
        field: "send_settings",
        label: "Send settings",
        before: "Header: none, Footer: Bye",
        after: "Header: Hi, Footer: Bye",
        beforeKnown: true,
      },
      {
        field: "url",
        label: "Url",
        before: "https://a.example/x",
        after: "https://b.example/y",
        beforeKnown: true,
      },
    ]);
  });
});
