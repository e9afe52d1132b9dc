import { type OptinDisplay, optinFormInput, renderResponse } from "../../../domain/optin-forms";
import type { AppContext } from "../../http/context";
import * as q from "./optin-forms.queries";

/**
 * What makes a popup render cheap: everything that is the same for every visitor of a form
 * version (the account looked up by name, the stored JSON read through the schema, the answer's
 * JSON text around the view id) is kept in this process; a visitor's render only matches the
 * page's address and writes its view, many visitors' views in one statement.
 *
 * Several web processes: an account's entry is trusted for FRESH_MS, then one cheap probe (ids and
 * edit times of its active forms) says whether anything changed, and only then are the forms read
 * again. A save in this process drops the entry at once; a save in another process shows here
 * within FRESH_MS. In that second, a visitor may get the form as it was; a form paused or deleted
 * meanwhile gets no view written (the view insert joins the active form) and the visitor no popup.
 */
const FRESH_MS = 1_000;
/** Names asked for that are no account are cached too; a bound keeps made-up names from piling up. */
const MAX_ACCOUNTS = 10_000;
/** Views written in one statement at most. */
const MAX_BATCH = 500;
const DEADLOCK = "40P01";

type CachedForm = {
  id: number;
  display: OptinDisplay;
  /** The answer's JSON text before and after the view id. */
  head: string;
  tail: string;
};
type Entry = {
  accountId: number | null;
  /** ids and edit times of the active forms: what the probe compares. */
  version: string;
  forms: CachedForm[];
  checkedAt: number;
  refreshing?: Promise<Entry>;
};
type PendingView = {
  view: { id: string; formId: number; url: string };
  done: (written: boolean) => void;
  fail: (err: unknown) => void;
};

export const NO_FORM_JSON = JSON.stringify({ data: null });
const VIEW_MARK = "\u0000view\u0000";

function cachedForm(row: { id: number; container: unknown; blocks: unknown; display: unknown }) {
  const form = optinFormInput.safeParse({
    name: "x",
    container: row.container,
    blocks: row.blocks,
    display: row.display,
  });
  if (!form.success) return null;
  // Built through the response schema once, as the route's serializer would on every answer.
  const json = JSON.stringify(
    renderResponse.parse({
      data: {
        formId: row.id,
        displaySetting: form.data.display,
        viewId: VIEW_MARK,
        container: form.data.container,
        blocks: form.data.blocks,
      },
    }),
  );
  const at = json.indexOf(JSON.stringify(VIEW_MARK));
  return {
    id: row.id,
    display: form.data.display,
    head: `${json.slice(0, at)}"`,
    tail: `"${json.slice(at + JSON.stringify(VIEW_MARK).length)}`,
  };
}

const versionOf = (rows: { id: number | null; updatedAt: Date | string | null }[]) =>
  rows
    .filter((r) => r.id !== null)
    .map((r) => `${r.id}@${new Date(r.updatedAt!).getTime()}`)
    .join(",");

class PopupRender {
  private readonly accounts = new Map<string, Entry>();
  private pending: PendingView[] = [];
  private flushing: Promise<void> | null = null;

  constructor(private readonly ctx: AppContext) {}

  /** The account's active forms as this process knows them, at most FRESH_MS unchecked. */
  async formsOf(accountName: string): Promise<Entry> {
    const key = accountName.toLowerCase();
    const now = this.ctx.clock.now().getTime();
    const entry = this.accounts.get(key);
    if (entry && now - entry.checkedAt < FRESH_MS) return entry;
    // One probe per account at a time, however many visitors arrive meanwhile.
    if (entry?.refreshing) return entry.refreshing;
    const refreshing = this.load(key, entry, now);
    if (entry) entry.refreshing = refreshing;
    try {
      return await refreshing;
    } finally {
      if (entry) entry.refreshing = undefined;
    }
  }

  private async load(key: string, entry: Entry | undefined, now: number): Promise<Entry> {
    const probe = await q.activeFormVersions(this.ctx.db, key);
    const accountId = probe[0]?.accountId ?? null;
    let next: Entry;
    if (entry && entry.accountId === accountId && entry.version === versionOf(probe)) {
      next = { ...entry, checkedAt: now, refreshing: undefined };
    } else if (accountId === null) {
      next = { accountId, version: "", forms: [], checkedAt: now };
    } else {
      const rows = await q.activeForms(this.ctx.db, accountId);
      next = {
        accountId,
        version: versionOf(rows),
        forms: rows.map(cachedForm).filter((f) => f !== null),
        checkedAt: now,
      };
    }
    if (!this.accounts.has(key) && this.accounts.size >= MAX_ACCOUNTS) {
      const oldest = this.accounts.keys().next().value;
      if (oldest !== undefined) this.accounts.delete(oldest);
    }
    this.accounts.set(key, next);
    return next;
  }

  /** A form was saved or deleted here: its account's entry is read again on the next render. */
  forget(accountId: number) {
    for (const [key, entry] of this.accounts)
      if (entry.accountId === accountId) this.accounts.delete(key);
  }

  /**
   * Writes the view (durably, before the visitor gets its id) with the others waiting: while one
   * batch is being written the next gathers, so under load one statement and one commit serve many
   * visitors and when idle a view is written at once. False when its form is no longer active.
   */
  recordView(view: PendingView["view"]): Promise<boolean> {
    return new Promise((done, fail) => {
      this.pending.push({ view, done, fail });
      if (!this.flushing) this.flushing = this.flush();
    });
  }

  private async flush() {
    while (this.pending.length) {
      const batch = this.pending.splice(0, MAX_BATCH);
      try {
        const written = await this.insert(batch.map((p) => p.view));
        for (const p of batch) p.done(written.has(p.view.id));
      } catch (err) {
        for (const p of batch) p.fail(err);
      }
    }
    this.flushing = null;
  }

  private async insert(views: PendingView["view"][]) {
    try {
      return await q.insertViews(this.ctx.db, views);
    } catch (err) {
      // Two processes' batches counting the same two forms can lock them in opposite orders;
      // the loser's statement is rolled back whole, so writing it again counts nothing twice.
      const e = err as { code?: string; cause?: { code?: string } };
      if (e.code !== DEADLOCK && e.cause?.code !== DEADLOCK) throw err;
      return q.insertViews(this.ctx.db, views);
    }
  }
}

const perContext = new WeakMap<AppContext, PopupRender>();

export function popupRender(ctx: AppContext): PopupRender {
  let r = perContext.get(ctx);
  if (!r) {
    r = new PopupRender(ctx);
    perContext.set(ctx, r);
  }
  return r;
}
