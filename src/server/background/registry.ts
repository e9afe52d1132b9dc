import { sessionsPurgeJob } from "../features/auth/sessions-purge.job";
import { automationsLoop } from "../features/automations/automations.loop";
import { autoTopupJob } from "../features/billing/auto-topup.job";
import { billingCycleJob } from "../features/billing/billing-cycle.job";
import { eventRelayLoop } from "../features/events/event-relay.loop";
import { reportExportJob } from "../features/growth-reports/report-export.job";
import { integrationSyncLoop } from "../features/integrations/integration-sync.loop";
import { messagePartitionsJob } from "../features/messages/message-partitions.job";
import { registryReviewsLoop } from "../features/registrations/registry-reviews.loop";
import { fanOutLoop } from "../features/sends/fan-out.loop";
import { schedulerLoop } from "../features/sends/scheduler.loop";
import { subscribersExportJob } from "../features/subscriber-exports/subscribers-export.job";
import { subscribersImportJob } from "../features/subscriber-imports/subscribers-import.job";
import { voiceLoop } from "../features/voice/voice.loop";
import { webhookDeliveryLoop } from "../features/webhooks/webhook-delivery.loop";
import { webinarRemindersJob } from "../features/webinars/webinar-reminders.job";
import type { Job } from "./job";
import type { Loop } from "./loop";
// The phone alerts consumer of the events outbox registers itself when loaded (the relay runs
// in worker processes, which may serve no route that loads it).
import "../features/registrations/phone-alerts.service";

/** Every job (`*.job.ts`): queued work and schedules, run by pg-boss in worker processes. */
// biome-ignore lint/suspicious/noExplicitAny: a list of jobs of different payloads
export const JOBS: Job<any>[] = [
  sessionsPurgeJob,
  messagePartitionsJob,
  subscribersImportJob,
  subscribersExportJob,
  reportExportJob,
  billingCycleJob,
  webinarRemindersJob,
  autoTopupJob,
];

/**
 * The send pipeline's claim loops (`*.loop.ts`), run with the dispatcher by every worker
 * process unless SEND_PIPELINE=off: everything that moves a text, a call or an event.
 */
export const PIPELINE_LOOPS: Loop[] = [
  schedulerLoop,
  eventRelayLoop,
  webhookDeliveryLoop,
  fanOutLoop,
  voiceLoop,
  automationsLoop,
  integrationSyncLoop,
];

/** The other loops every worker process runs. */
export const WORKER_LOOPS: Loop[] = [registryReviewsLoop];
