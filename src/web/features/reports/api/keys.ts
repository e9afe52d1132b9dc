/** Query keys of the sent-messages report: every list and record under one root. */
export const sentMessagesKey = ["sent-messages"] as const;
