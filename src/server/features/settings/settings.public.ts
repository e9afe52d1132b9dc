// What other features may use of the settings feature beside its services (docs/ARCHITECTURE.md,
// "Feature boundaries"). user_settings is for read-only joins (the signature beside the
// account's name); a setting is written through settings.service.ts.
export { userSettings } from "./settings.schema";
