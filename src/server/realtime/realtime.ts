import type { Server as HttpServer } from "node:http";
import { createAdapter } from "@socket.io/postgres-adapter";
import { and, eq } from "drizzle-orm";
import pg from "pg";
import { Server } from "socket.io";
import { PERMISSION_LEVEL } from "../../domain/permissions";
import {
  REALTIME_PATH,
  type RealtimeEvent,
  type RealtimeEvents,
} from "../../domain/realtime-events";
import { afterCommit, type Db } from "../db/connection";
import { userPhoneNumbers, users } from "../features/users/users.schema";
import type { AppContext } from "../http/context";
import { log } from "../log";
import { verifyRealtimeToken } from "./realtime-token";

/**
 * Realtime fan-out: one socket.io server per process, joined to every other process through
 * @socket.io/postgres-adapter (LISTEN/NOTIFY on the app's database), so `publish` from any web or
 * worker process reaches every browser of the account wherever its socket is connected.
 *
 * Rooms: every socket joins `a:<account>`; a socket of an unrestricted user also joins
 * `a:<account>:all`, a restricted user's joins `a:<account>:n:<phoneNumberId>` for each number
 * they may use. An event about one of our numbers goes to `:all` plus that number's room, so a
 * restricted user never receives a conversation of a number they cannot see. Agents also join
 * `a:<account>:agents`: an event about one subscriber skips that room and reaches, through their
 * own `u:<user>` rooms, only the agents whose groups hold the subscriber (spec doc 2 §6).
 */
interface Realtime {
  io: Server;
  pool: pg.Pool;
  closed: boolean;
}

/**
 * By the context's pool: a context made for one transaction (`{ ...ctx, db: tx }`, the ingress
 * worker's batch) publishes through its process's server rather than opening one of its own.
 */
const servers = new WeakMap<Db, Realtime>();

const accountRoom = (accountId: number) => `a:${accountId}`;
const allNumbersRoom = (accountId: number) => `a:${accountId}:all`;
const numberRoom = (accountId: number, phoneNumberId: number) =>
  `a:${accountId}:n:${phoneNumberId}`;
const agentsRoom = (accountId: number) => `a:${accountId}:agents`;
const userRoom = (userId: number) => `u:${userId}`;

function createServer(ctx: AppContext, httpServer?: HttpServer): Realtime {
  // A pool of its own: the adapter keeps one connection LISTENing for good, which must neither
  // starve the app's pool nor keep it from closing.
  const options = ctx.db.$client.options;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: 3,
    application_name: "parley-realtime",
  });
  pool.on("error", () => {});
  // The adapter keeps its LISTEN client checked out, where the pool no longer catches its errors:
  // a connection dropped by the server must not crash the process (the adapter reconnects).
  pool.on("connect", (client) => client.on("error", () => {}));
  const realtime = { closed: false } as Realtime;
  const io = new Server({
    path: REALTIME_PATH,
    serveClient: false,
    // Same origin only: the web app is served by this very server.
    cors: undefined,
    adapter: createAdapter(pool, {
      // Errors while closing (the database going away first) are expected at shutdown.
      errorHandler: (err: Error) => {
        if (!realtime.closed) log.error({ component: "realtime", err }, "adapter error");
      },
    }) as never,
  });
  if (httpServer) io.attach(httpServer);
  io.use(async (socket, next) => {
    try {
      const claims = verifyRealtimeToken(
        ctx.config,
        socket.handshake.auth?.token,
        ctx.clock.now().getTime(),
      );
      const rooms = claims ? await roomsOf(ctx.db, claims.accountId, claims.userId) : null;
      if (!rooms) return next(new Error("unauthorized"));
      socket.data.accountId = claims!.accountId;
      socket.data.userId = claims!.userId;
      await socket.join(rooms);
      next();
    } catch {
      next(new Error("unavailable"));
    }
  });
  return Object.assign(realtime, { io, pool });
}

/** The rooms of a user of the account; null when the user no longer belongs to it. */
async function roomsOf(db: Db, accountId: number, userId: number): Promise<string[] | null> {
  const [user] = await db
    .select({ restricted: users.restricted, level: users.permissionLevel })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
  if (!user) return null;
  const rooms = [accountRoom(accountId), userRoom(userId)];
  if (user.level === PERMISSION_LEVEL.AGENT) rooms.push(agentsRoom(accountId));
  if (!user.restricted) return [...rooms, allNumbersRoom(accountId)];
  const numbers = await db
    .select({ id: userPhoneNumbers.phoneNumberId })
    .from(userPhoneNumbers)
    .where(eq(userPhoneNumbers.userId, userId));
  return [...rooms, ...numbers.map((n) => numberRoom(accountId, n.id))];
}

/**
 * Serves the socket on this process's HTTP server (web and all roles). Closed before the HTTP
 * server, so open websockets do not hold its close.
 */
export function attachRealtime(
  app: { server: HttpServer; addHook(name: "preClose", fn: () => Promise<void>): unknown },
  ctx: AppContext,
) {
  const realtime = createServer(ctx, app.server);
  servers.set(ctx.db, realtime);
  app.addHook("preClose", () => closeRealtime(ctx));
}

function realtimeOf(ctx: AppContext): Realtime {
  let realtime = servers.get(ctx.db);
  if (!realtime) {
    // A worker process serves no sockets: a detached server still broadcasts through the adapter.
    realtime = createServer(ctx);
    servers.set(ctx.db, realtime);
  }
  return realtime;
}

/**
 * Sends `event` to every socket of the account, in every process. With `phoneNumberId`, only to
 * users who may see that number (everyone but restricted users without it). Never throws: a
 * message must be recorded even when nobody can be told about it right now.
 */
export function publish<E extends RealtimeEvent>(
  ctx: AppContext,
  accountId: number,
  event: E,
  payload: RealtimeEvents[E],
  opts: { phoneNumberId?: number | null; subscriberId?: number } = {},
): void {
  // Inside a transaction, once it commits: a screen must not show what may be rolled back.
  afterCommit(ctx.db, (db) => publishNow({ ...ctx, db }, accountId, event, payload, opts));
}

function publishNow<E extends RealtimeEvent>(
  ctx: AppContext,
  accountId: number,
  event: E,
  payload: RealtimeEvents[E],
  opts: { phoneNumberId?: number | null; subscriberId?: number },
): void {
  try {
    const realtime = realtimeOf(ctx);
    if (realtime.closed) return;
    const rooms =
      opts.phoneNumberId != null
        ? [allNumbersRoom(accountId), numberRoom(accountId, opts.phoneNumberId)]
        : [accountRoom(accountId)];
    if (opts.subscriberId === undefined) {
      realtime.io.to(rooms).emit(event, payload);
      return;
    }
    realtime.io.to(rooms).except(agentsRoom(accountId)).emit(event, payload);
    void agentsSeeing(ctx.db, accountId, opts.subscriberId, opts.phoneNumberId ?? null).then(
      (ids) => {
        if (ids.length && !realtime.closed) realtime.io.to(ids.map(userRoom)).emit(event, payload);
      },
      (err) => log.error({ component: "realtime", err }, "publish failed"),
    );
  } catch (err) {
    log.error({ component: "realtime", err }, "publish failed");
  }
}

/** Agents whose groups hold the subscriber and who may see the number (restricted agents). */
async function agentsSeeing(
  db: Db,
  accountId: number,
  subscriberId: number,
  phoneNumberId: number | null,
): Promise<number[]> {
  const { rows } = await db.$client.query<{ id: number }>(
    `select distinct u.id from users u
       join user_groups ug on ug.user_id = u.id
       join group_members gm on gm.group_id = ug.group_id and gm.subscriber_id = $2
      where u.account_id = $1 and u.permission_level = 0
        and (not u.restricted or $3::int is null or exists (select 1 from user_phone_numbers upn
             where upn.user_id = u.id and upn.phone_number_id = $3))`,
    [accountId, subscriberId, phoneNumberId],
  );
  return rows.map((r) => r.id);
}

/** Closes this process's sockets, the adapter and its connections (at shutdown). */
export async function closeRealtime(ctx: AppContext): Promise<void> {
  const realtime = servers.get(ctx.db);
  if (!realtime || realtime.closed) return;
  realtime.closed = true;
  const { io, pool } = realtime;
  io.local.disconnectSockets(true);
  io.engine?.close();
  await Promise.allSettled(
    [io.of("/")].map(async (nsp) => {
      await nsp.adapter.close();
    }),
  );
  // The adapter takes its LISTEN connection asynchronously; give a late one a moment to return.
  await Promise.race([pool.end(), new Promise((r) => setTimeout(r, 2000))]);
}
