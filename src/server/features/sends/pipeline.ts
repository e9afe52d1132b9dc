import { asSystem } from "../../db/tenant-scope";
import type { AppContext } from "../../http/context";
import { log } from "../../log";
import { automationTurn } from "../automations/engine-loop";
import { relayEvents } from "../events/event-relay";
import { syncDueIntegrations } from "../integrations/integration-sync";
import { Dispatcher, dispatchCalls } from "../outbound/dispatcher";
import { loadRecipientGeo } from "../outbound/recipient-geo";
import { listenForWork } from "../outbound/wake";
import { startDueBroadcasts } from "../voice/voice.service";
import { deliverDueWebhooks, webhookHousekeeping } from "../webhooks/webhook-delivery";
import { registerWebhookConsumer } from "../webhooks/webhook-events";
import { fanOutNextRun } from "./fan-out";
import { completeFinishedRuns, startDueSends } from "./scheduler";

const IDLE_POLL_MS = 1000;

export interface Pipeline {
  stop(): Promise<void>;
}

/**
 * The send pipeline of this process: the scheduler (due sends → runs), fan-out (run → one
 * delivery per recipient) and the dispatcher (every outgoing message → carrier), each working
 * while there is work, woken by a PostgreSQL notice when another process adds some, and polling
 * when idle. Every step's state is in PostgreSQL, so any number of
 * processes may run it side by side, and one that dies leaves nothing half done.
 */
export function startPipeline(ctx: AppContext): Pipeline {
  registerWebhookConsumer();
  let stopped = false;
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });
  const dispatcher = new Dispatcher(ctx);
  const wakeAll = () => {
    for (const wake of [...sleepers]) wake();
    dispatcher.wake();
  };
  const unlisten = listenForWork(ctx, wakeAll);
  // The recipients' states and zones (quiet hours, state rules) before anything is sent.
  const ready = loadRecipientGeo().then(() => dispatcher.start());

  const loop = async (name: string, step: () => Promise<boolean>) => {
    await ready;
    while (!stopped) {
      let busy = false;
      try {
        // A scope of its own per round, so the connection guard sees what this round holds.
        busy = await asSystem(step);
      } catch (err) {
        if (stopped) break;
        log.error({ component: "send-pipeline", loop: name, err }, "loop round failed");
        await sleep(IDLE_POLL_MS);
      }
      if (!busy && !stopped) await sleep(IDLE_POLL_MS);
    }
  };

  const loops = [
    loop("scheduler", async () => {
      const started = await startDueSends(ctx);
      await completeFinishedRuns(ctx);
      if (started) wakeAll();
      return started > 0;
    }),
    // The account-events outbox to its consumers (automations, outgoing webhooks). The notice
    // of a new event woke the webhook sender before its deliveries existed: wake it again once
    // they do, or they wait for its next poll (up to a second of lag).
    loop("events", async () => {
      const relayed = await relayEvents(ctx);
      if (relayed) wakeAll();
      return relayed;
    }),
    loop("webhooks", async () => {
      const attempted = await deliverDueWebhooks(ctx);
      await webhookHousekeeping(ctx);
      return attempted > 0;
    }),
    loop("fan-out", async () => {
      const result = await fanOutNextRun(ctx);
      if (result.kind === "done") wakeAll();
      return result.kind !== "idle";
    }),
    // Voice broadcasts: due ones become calls, calls go out through the carrier interface.
    loop("voice", async () => {
      const started = await startDueBroadcasts(ctx);
      const placed = await dispatchCalls(ctx);
      return started + placed > 0;
    }),
    // Automations: due timers (drip steps, waits) and date-field entries. Two loops: while one
    // batch waits on PostgreSQL (its claim, its writes) the other walks its runs; SKIP LOCKED
    // keeps them on different runs (bench/automations.mjs: ~1.5-1.9x the timers per second).
    loop("automations", () => automationTurn(ctx)),
    loop("automations-2", () => automationTurn(ctx)),
    // Connected HubSpot / Customer.io accounts, each every INTEGRATIONS_SYNC_SECONDS.
    loop("integrations", () => syncDueIntegrations(ctx)),
  ];

  return {
    async stop() {
      stopped = true;
      await unlisten();
      wakeAll();
      await ready.catch(() => {});
      await Promise.allSettled([...loops, dispatcher.stop()]);
    },
  };
}
