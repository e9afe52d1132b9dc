/** Query keys of the virtual phones page. */
export const phonesKeys = {
  all: ["virtual-phones"] as const,
  list: ["virtual-phones", "list"] as const,
  thread: (phone: string) => ["virtual-phones", "thread", phone] as const,
};

/** No realtime socket yet: the page polls (the thread a little faster than the list). */
export const THREAD_POLL_MS = 2500;
export const LIST_POLL_MS = 3000;
