// The 10DLC brand and campaign an account submits (the numbers feature's registration pages and
// API): read and written here, in the caller's transaction when it passes one.
export { findBrandRegistration, saveBrand, saveCampaign } from "./brand-registrations.queries";
