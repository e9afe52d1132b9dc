import { subscriberSignupLabel } from "../../../domain/signup-methods";
import type { Subscriber, SubscriberDetail } from "../../../domain/subscribers.schemas";
import type { SubscriberListRow } from "./subscribers.queries";

export function toSubscriber(row: SubscriberListRow): Subscriber {
  return {
    id: row.id,
    number: row.phone,
    countryId: row.countryId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    signupMethod: row.signupMethod,
    signupMethodLabel: subscriberSignupLabel(row.signupMethod, row.marketingConsentAt !== null),
    date: row.createdAt.toISOString(),
    isLandline: row.isLandline,
    optedOut: row.optedOut,
    blocked: row.blocked,
    marketingConsent: row.marketingConsentAt !== null,
    attributes: row.attributes,
  };
}

export function toSubscriberDetail(
  row: SubscriberListRow,
  extra: {
    groups: { id: number; name: string }[];
    consent: {
      action: string;
      source: string;
      detail: string;
      userId: number | null;
      createdAt: Date;
    }[];
  },
): SubscriberDetail {
  return {
    ...toSubscriber(row),
    marketingConsentAt: row.marketingConsentAt?.toISOString() ?? null,
    consentSource: row.consentSource,
    consentDetail: row.consentDetail,
    updatedAt: row.updatedAt.toISOString(),
    groups: extra.groups,
    consentHistory: extra.consent.map((e) => ({
      action: e.action,
      source: e.source,
      detail: e.detail,
      userId: e.userId,
      createdAt: e.createdAt.toISOString(),
    })),
  };
}
