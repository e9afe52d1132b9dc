import type { QueryClient } from "@tanstack/react-query";
import { subscriberKeys } from "./keys";

/**
 * After any change to subscribers: this screen's lists and details, and the group screens'
 * member counts (their cache lives under ["groups"]).
 */
export function invalidateSubscribers(client: QueryClient) {
  void client.invalidateQueries({ queryKey: subscriberKeys.all });
  void client.invalidateQueries({ queryKey: ["groups"] });
}
