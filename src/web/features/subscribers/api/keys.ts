/** Query keys of the subscribers screens; everything under ["subscribers"] goes stale together. */
export const subscriberKeys = {
  all: ["subscribers"] as const,
  list: (params: Record<string, unknown>) => ["subscribers", "list", params] as const,
  count: (params: Record<string, unknown>) => ["subscribers", "count", params] as const,
  detail: (id: number) => ["subscribers", "detail", id] as const,
  consent: (id: number) => ["subscribers", "detail", id, "consent"] as const,
  messages: (id: number) => ["subscribers", "detail", id, "messages"] as const,
  memberships: (ids: number[]) => ["subscribers", "memberships", ids] as const,
  groupOptions: (params: Record<string, unknown>) =>
    ["subscribers", "group-options", params] as const,
  group: (id: number) => ["subscribers", "group", id] as const,
  fields: ["subscribers", "custom-fields"] as const,
  fieldYears: (id: number) => ["subscribers", "custom-fields", id, "years"] as const,
};
