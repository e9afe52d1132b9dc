// What other features may use of the webhooks feature beside its services (docs/ARCHITECTURE.md,
// "Feature boundaries"). The deliveries table is for read-only joins (an integration's delivery
// log); deliveries are written by the webhooks feature.
export { webhookDeliveries } from "./webhooks.schema";
