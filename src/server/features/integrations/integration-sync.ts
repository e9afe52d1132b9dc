import { customerIoId } from "../../../domain/integrations";
import { systemActor } from "../../../domain/permissions";
import { toE164 } from "../../../domain/phone";
import type { AppContext } from "../../http/context";
import { log } from "../../log";
import { fieldsById } from "../custom-fields/custom-fields.service";
import {
  findSubscriberRow,
  insertSubscriberRow,
  updateSubscriberRow,
} from "../subscribers/subscribers.service";
import { CustomerIoClient } from "./customerio.client";
import { HubspotClient, hubspotTokens } from "./hubspot.client";
import { type Credentials, openCredentials, sealCredentials } from "./integration-credentials";
import { IntegrationHttpError } from "./integration-http";
import * as q from "./integrations.queries";

const PUSH_BATCH = 200;
/** One sync moves at most this many per direction; the rest waits for the next turn. */
const MAX_PER_SYNC = 2_000;

export interface SyncResult {
  pushed: number;
  pulled: number;
  created: number;
}

/**
 * One sync of one connection: HubSpot both ways (pull first, so a change made there is not
 * overwritten by an older one here), Customer.io one way (attributes out). Errors are kept on the
 * connection for the page to show; the next turn tries again.
 */
export async function syncConnection(ctx: AppContext, conn: q.ConnectionRow) {
  const every = ctx.config.INTEGRATIONS_SYNC_SECONDS * 1000;
  try {
    const result =
      conn.provider === "hubspot" ? await syncHubspot(ctx, conn) : await syncCustomerIo(ctx, conn);
    const parts = [`${result.pushed} sent`];
    if (conn.provider === "hubspot")
      parts.push(`${result.pulled} received`, `${result.created} new`);
    await q.recordSync(ctx.db, conn.id, {
      ok: true,
      summary: parts.join(", "),
      error: null,
      nextSyncAt: new Date(ctx.clock.now().getTime() + every),
      at: ctx.clock.now(),
    });
    return result;
  } catch (err) {
    const message =
      err instanceof IntegrationHttpError
        ? err.message
        : `Sync failed: ${err instanceof Error ? err.message : String(err)}`;
    if (!(err instanceof IntegrationHttpError))
      log.error({ component: "integrations", connectionId: conn.id, err }, "sync failed");
    await q.recordSync(ctx.db, conn.id, {
      ok: false,
      summary: "",
      error: message.slice(0, 500),
      nextSyncAt: new Date(ctx.clock.now().getTime() + every),
      at: ctx.clock.now(),
    });
    return null;
  }
}

/** The pipeline's turn: every due connection, one after another. */
export async function syncDueIntegrations(ctx: AppContext): Promise<boolean> {
  const due = await q.claimDue(ctx.db, 5);
  for (const conn of due) await syncConnection(ctx, conn);
  return due.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Parley → the other system: subscribers changed since the push cursor, by (updated_at, id)

async function pushChanged(
  ctx: AppContext,
  conn: q.ConnectionRow,
  each: (batch: q.ChangedSubscriber[]) => Promise<void>,
) {
  let at = conn.pushCursor;
  let afterId = Number(conn.settings.pushAfterId ?? 0);
  let pushed = 0;
  while (pushed < MAX_PER_SYNC) {
    const batch = await q.changedSubscribers(
      ctx.db,
      conn.accountId,
      { at, id: afterId },
      PUSH_BATCH,
    );
    if (batch.length === 0) break;
    await each(batch);
    pushed += batch.length;
    const last = batch.at(-1)!;
    at = last.updatedAt;
    afterId = last.id;
    // The cursor moves after each batch, so a failure later repeats only the failed batch.
    conn.settings = { ...conn.settings, pushAfterId: afterId };
    await q.savePushCursor(ctx.db, conn.id, at, conn.settings);
    if (batch.length < PUSH_BATCH) break;
  }
  return pushed;
}

// ---------------------------------------------------------------------------------------------
// HubSpot

async function hubspotClient(ctx: AppContext, conn: q.ConnectionRow): Promise<HubspotClient> {
  const creds = openCredentials(ctx, conn.credentials);
  if (creds.kind === "hubspot_oauth" && creds.expiresAt < ctx.clock.now().getTime() + 60_000) {
    const fresh = await hubspotTokens(ctx.clock, ctx.config.HUBSPOT_API_BASE, {
      grant_type: "refresh_token",
      client_id: ctx.config.HUBSPOT_CLIENT_ID ?? "",
      client_secret: ctx.config.HUBSPOT_CLIENT_SECRET ?? "",
      refresh_token: creds.refreshToken ?? "",
    });
    if (!fresh) {
      throw new IntegrationHttpError(
        401,
        "HubSpot refused to renew access. Connect HubSpot again.",
      );
    }
    const next: Credentials = {
      kind: "hubspot_oauth",
      accessToken: fresh.accessToken,
      refreshToken: fresh.refreshToken ?? creds.refreshToken,
      expiresAt: fresh.expiresAt,
    };
    await q.updateCredentials(ctx.db, conn.id, sealCredentials(ctx, next));
    return new HubspotClient(ctx.config.HUBSPOT_API_BASE, next.accessToken);
  }
  if (creds.kind !== "hubspot_token" && creds.kind !== "hubspot_oauth")
    throw new Error("not a HubSpot connection");
  return new HubspotClient(ctx.config.HUBSPOT_API_BASE, creds.accessToken);
}

function hubspotProps(s: q.ChangedSubscriber): Record<string, string> {
  const props: Record<string, string> = {
    phone: s.phone,
    firstname: s.firstName,
    lastname: s.lastName,
  };
  if (s.email) props.email = s.email;
  return props;
}

async function syncHubspot(ctx: AppContext, conn: q.ConnectionRow): Promise<SyncResult> {
  const hubspot = await hubspotClient(ctx, conn);
  const pulled = await pullHubspot(ctx, conn, hubspot);
  const pushed = await pushChanged(ctx, conn, async (batch) => {
    for (const s of batch) {
      const link = await q.linkOf(ctx.db, conn.accountId, "hubspot", s.id);
      let id = link?.externalId;
      if (id) await hubspot.update(id, hubspotProps(s));
      else {
        const found = await hubspot.findByPhone(s.phone);
        id = found
          ? (await hubspot.update(found.id, hubspotProps(s))).id
          : (await hubspot.create(hubspotProps(s))).id;
        await q.saveLink(ctx.db, {
          accountId: conn.accountId,
          provider: "hubspot",
          subscriberId: s.id,
          externalId: String(id),
          syncedAt: ctx.clock.now(),
        });
      }
    }
  });
  return { pushed, pulled: pulled.seen, created: pulled.created };
}

/**
 * HubSpot → Parley: contacts modified since the pull cursor. Names and e-mail follow HubSpot;
 * consent never does: a contact new to Parley becomes a conversation contact (no marketing
 * consent, since HubSpot records none we can rely on), and an opted-out number stays opted out
 * (suppressions are not touched here).
 */
async function pullHubspot(ctx: AppContext, conn: q.ConnectionRow, hubspot: HubspotClient) {
  const actor = systemActor("integration", conn.accountId, { userId: conn.connectedBy });
  const since = conn.pullCursor?.getTime() ?? 0;
  let newest = since;
  let after: string | undefined;
  let seen = 0;
  let created = 0;
  do {
    const page = await hubspot.changedSince(since, after);
    for (const c of page.results) {
      seen++;
      const modified = Date.parse(c.properties.lastmodifieddate ?? c.updatedAt ?? "");
      if (Number.isFinite(modified)) newest = Math.max(newest, modified);
      const phone = toE164(c.properties.phone || c.properties.mobilephone || "");
      if (!phone) continue;
      const linked = await q.subscriberOfExternal(ctx.db, conn.accountId, "hubspot", c.id);
      const existing = linked
        ? await findSubscriberRow(ctx.db, actor, linked)
        : await q.subscriberByPhone(ctx.db, conn.accountId, phone);
      const names = {
        firstName: (c.properties.firstname ?? "").slice(0, 100),
        lastName: (c.properties.lastname ?? "").slice(0, 100),
        email: (c.properties.email ?? "").slice(0, 200),
      };
      if (existing) {
        // The newer side wins: a contact older than Parley's last change is Parley's to push.
        const newerHere = Number.isFinite(modified) && existing.updatedAt.getTime() > modified;
        const changed =
          (!newerHere && existing.firstName !== names.firstName) ||
          existing.lastName !== names.lastName ||
          (names.email && existing.email !== names.email);
        if (changed)
          await updateSubscriberRow(ctx.db, actor, existing.id, {
            firstName: names.firstName,
            lastName: names.lastName,
            ...(names.email ? { email: names.email } : {}),
          });
        await q.saveLink(ctx.db, {
          accountId: conn.accountId,
          provider: "hubspot",
          subscriberId: existing.id,
          externalId: c.id,
          syncedAt: ctx.clock.now(),
        });
        continue;
      }
      const inserted = await insertSubscriberRow(ctx.db, {
        accountId: conn.accountId,
        phone,
        ...names,
        signupMethod: "HUBSPOT",
        consentSource: "integration",
        consentDetail: "Synced from HubSpot; no marketing consent recorded",
        marketingConsentAt: null,
      });
      if (inserted) {
        created++;
        await q.saveLink(ctx.db, {
          accountId: conn.accountId,
          provider: "hubspot",
          subscriberId: inserted.id,
          externalId: c.id,
          syncedAt: ctx.clock.now(),
        });
      }
    }
    after = page.paging?.next?.after;
  } while (after && seen < MAX_PER_SYNC);
  if (newest > since) await q.savePullCursor(ctx.db, conn.id, new Date(newest));
  return { seen, created };
}

// ---------------------------------------------------------------------------------------------
// Customer.io: attributes out through the Track API

async function syncCustomerIo(ctx: AppContext, conn: q.ConnectionRow): Promise<SyncResult> {
  const creds = openCredentials(ctx, conn.credentials);
  if (creds.kind !== "customerio") throw new Error("not a Customer.io connection");
  const customerIo = new CustomerIoClient(
    ctx.config.CUSTOMERIO_TRACK_BASE,
    creds.siteId,
    creds.apiKey,
  );
  const pushed = await pushChanged(ctx, conn, async (batch) => {
    const fieldIds = [
      ...new Set(batch.flatMap((s) => Object.keys(s.attributes).map(Number))),
    ].filter(Number.isInteger);
    const names = new Map<string, string>();
    if (fieldIds.length > 0) {
      const fields = await fieldsById(ctx, { accountId: conn.accountId });
      for (const id of fieldIds) {
        const field = fields.get(id);
        if (field) names.set(String(id), field.name);
      }
    }
    for (const s of batch) {
      const custom: Record<string, unknown> = {};
      for (const [id, value] of Object.entries(s.attributes)) {
        const name = names.get(id);
        if (name) custom[name] = value;
      }
      await customerIo.identify(customerIoId(s.id), {
        ...custom,
        phone: s.phone,
        first_name: s.firstName,
        last_name: s.lastName,
        ...(s.email ? { email: s.email } : {}),
        created_at: Math.floor(s.createdAt.getTime() / 1000),
        parley_signup_method: s.signupMethod,
        sms_marketing_consent: s.marketingConsentAt !== null && !s.optedOut,
        sms_opted_out: s.optedOut,
      });
      await q.saveLink(ctx.db, {
        accountId: conn.accountId,
        provider: "customerio",
        subscriberId: s.id,
        externalId: customerIoId(s.id),
        syncedAt: ctx.clock.now(),
      });
    }
  });
  return { pushed, pulled: 0, created: 0 };
}
