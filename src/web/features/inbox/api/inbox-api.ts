import {
  type InfiniteData,
  keepPreviousData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { z } from "zod";
import { listGroupsResponse } from "../../../../domain/groups.schemas";
import {
  assignableUsersResponse,
  type BulkAction,
  bulkResponse,
  type ConversationMessage,
  conversationCounts,
  conversationDetail,
  conversationMessage,
  INBOX_PAGE_SIZE,
  type InboxFilters,
  type InboxSendRequest,
  inboxContextResponse,
  listConversationsResponse,
  THREAD_PAGE_SIZE,
  type ThreadResponse,
  threadResponse,
} from "../../../../domain/inbox.schemas";
import { listSubscribersResponse } from "../../../../domain/subscribers.schemas";
import { api } from "../../../lib/api-client";

export const inboxKeys = {
  all: ["inbox"] as const,
  context: ["inbox", "context"] as const,
  counts: (hide: boolean) => ["inbox", "counts", hide] as const,
  lists: ["inbox", "list"] as const,
  list: (f: InboxFilters) => ["inbox", "list", f] as const,
  conversation: (id: number) => ["inbox", "conversation", id] as const,
  thread: (id: number, onlyChatbot: boolean) => ["inbox", "thread", id, onlyChatbot] as const,
  threads: (id: number) => ["inbox", "thread", id] as const,
  assignable: (ids: number[]) => ["inbox", "assignable", ids.join(",")] as const,
};

function qs(values: Record<string, string | number | boolean | undefined>) {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(values))
    if (v !== undefined && v !== "") out.set(k, String(v));
  return out.toString();
}

export function useInboxContext() {
  return useQuery({
    queryKey: inboxKeys.context,
    queryFn: () => api.get("/api/inbox/context", { schema: inboxContextResponse }),
  });
}

/** Counts are silent (spec doc 2 §8) and always fresh. */
export function useCounts(hideUnassigned: boolean) {
  return useQuery({
    queryKey: inboxKeys.counts(hideUnassigned),
    queryFn: () =>
      api.get(`/api/inbox/counts?${qs({ isHideUnassignedNumbers: hideUnassigned })}`, {
        schema: conversationCounts,
      }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Pages of 25; exhausted when a page comes back short (doc 2 §9). */
export function useConversations(filters: InboxFilters, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: inboxKeys.list(filters),
    queryFn: ({ pageParam }) =>
      api.get(
        `/api/inbox/conversations?${qs({ ...filters, page: pageParam, pageSize: INBOX_PAGE_SIZE })}`,
        { schema: listConversationsResponse },
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useConversation(id: number | null) {
  return useQuery({
    queryKey: inboxKeys.conversation(id ?? 0),
    queryFn: () => api.get(`/api/inbox/conversations/${id}`, { schema: conversationDetail }),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** The thread, newest page first; older pages (10 each) load as the reader scrolls up. */
export function useThread(id: number, onlyChatbot: boolean) {
  return useInfiniteQuery({
    queryKey: inboxKeys.thread(id, onlyChatbot),
    queryFn: ({ pageParam }) =>
      api.get(
        `/api/inbox/conversations/${id}/messages?${qs({
          before: pageParam ?? undefined,
          pageSize: THREAD_PAGE_SIZE,
          isOnlyChatbotMessages: onlyChatbot,
        })}`,
        { schema: threadResponse },
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => {
      if (!last.hasMore) return undefined;
      const oldest = last.rows.find((r) => r.messageId !== null);
      return oldest?.messageId ?? undefined;
    },
    staleTime: 0,
  });
}

export function useAssignableUsers(ids: number[], enabled = true) {
  return useQuery({
    queryKey: inboxKeys.assignable(ids),
    queryFn: () =>
      api.get(`/api/inbox/assignable-users?${qs({ numberIds: ids.join(",") })}`, {
        schema: assignableUsersResponse,
      }),
    enabled,
  });
}

export function useStaticGroups() {
  return useQuery({
    queryKey: ["inbox", "groups"],
    queryFn: () =>
      api.get("/api/groups?page=0&pageSize=500&includeAdaptive=false", {
        schema: listGroupsResponse,
      }),
  });
}

/** Subscriber search for a new conversation (page 0, 50, newest first: doc 2 §7). */
export function useSubscriberSearch(query: string) {
  return useQuery({
    queryKey: ["inbox", "subscriber-search", query],
    queryFn: () =>
      api.get(
        `/api/subscribers?${qs({ query, page: 0, pageSize: 50, sortBy: "date", sortDirection: "DESC", withTotal: "false" })}`,
        { schema: listSubscribersResponse },
      ),
    enabled: query.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Every inbox query of the account: lists, counts, and the conversations named. */
export function refreshInbox(qc: QueryClient, ids: number[] = []) {
  void qc.invalidateQueries({ queryKey: inboxKeys.lists });
  void qc.invalidateQueries({ queryKey: ["inbox", "counts"] });
  for (const id of ids) {
    void qc.invalidateQueries({ queryKey: inboxKeys.conversation(id) });
    void qc.invalidateQueries({ queryKey: inboxKeys.threads(id) });
  }
}

const message = z.object({ message: z.string() });

export function useConversationAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; action: "archive" | "unarchive" | "unsubscribe" | "block" }) =>
      api.post(`/api/inbox/conversations/${v.id}/${v.action}`, {}, { schema: message }),
    onSuccess: (_d, v) => refreshInbox(qc, [v.id]),
  });
}

export function useAssign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; userId: number | null }) =>
      api.put(
        `/api/inbox/conversations/${v.id}/assignee`,
        { userId: v.userId },
        { schema: message },
      ),
    onSuccess: (_d, v) => refreshInbox(qc, [v.id]),
  });
}

export function markRead(id: number) {
  return api.post(`/api/inbox/conversations/${id}/read`, {}, { toast: false });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/inbox/mark-all-read", {}, { schema: bulkResponse }),
    onSuccess: () => refreshInbox(qc),
  });
}

export type BulkSelection =
  | { mode: "ids"; numberIds: number[] }
  | { mode: "all"; filters: InboxFilters; excludedIds: number[] };

export function useBulk() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: {
      action: BulkAction;
      userId?: number;
      labelId?: number;
      selection: BulkSelection;
    }) => api.post("/api/inbox/bulk", v, { schema: bulkResponse }),
    onSuccess: () => {
      refreshInbox(qc);
      void qc.invalidateQueries({ queryKey: ["inbox", "conversation"] });
    },
  });
}

export function useDeleteMessage(conversationId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) =>
      api.delete(`/api/inbox/messages/${messageId}`, { schema: message }),
    onSuccess: () => refreshInbox(qc, [conversationId]),
  });
}

export function useSendInConversation(conversationId: number) {
  const qc = useQueryClient();
  return useMutation({
    // Quiet hours come back as a 409 the screen answers with its warning: no toast for that one.
    mutationFn: (body: InboxSendRequest) =>
      api.post(`/api/inbox/conversations/${conversationId}/messages`, body, {
        schema: conversationMessage,
        toast: false,
      }),
    onSuccess: (sent) => {
      appendToThread(qc, conversationId, sent);
      refreshInbox(qc, [conversationId]);
    },
  });
}

type ThreadData = InfiniteData<ThreadResponse, number | null>;

/** The newest page gains a message (unless it is there already: realtime may have brought it). */
export function appendToThread(qc: QueryClient, id: number, m: ConversationMessage) {
  qc.setQueryData<ThreadData>(inboxKeys.thread(id, false), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((p) => p.rows.some((r) => r.id === m.id))) return data;
    const [first, ...rest] = data.pages;
    const rows = [...first!.rows];
    // A new message goes before a trailing Archived marker (doc 2 §4).
    const last = rows[rows.length - 1];
    if (last?.type === "Archived") rows.splice(rows.length - 1, 0, m);
    else rows.push(m);
    return { ...data, pages: [{ ...first!, rows, total: first!.total + 1 }, ...rest] };
  });
}

/** A delivery status pushed by the server: the matching message changes where it is shown. */
export function applyStatus(qc: QueryClient, messageId: number, status: string) {
  for (const [key, data] of qc.getQueriesData<ThreadData>({ queryKey: ["inbox", "thread"] })) {
    if (!data?.pages.some((p) => p.rows.some((r) => r.messageId === messageId))) continue;
    qc.setQueryData<ThreadData>(key, {
      ...data,
      pages: data.pages.map((p) => ({
        ...p,
        rows: p.rows.map((r) =>
          r.messageId === messageId ? { ...r, status: status || "Sent" } : r,
        ),
      })),
    });
  }
}

export function createSubscriber(number: string) {
  return api.post(
    "/api/subscribers",
    // Written to one to one, never marketed to: nobody attested that the person agreed.
    { number, signupMethod: "MANUAL_ENTRY", conversationOnly: true },
    { schema: z.object({ id: z.number() }).passthrough() },
  );
}

export function uploadAttachment(file: File) {
  const form = new FormData();
  form.append("file", file);
  return api.upload("/api/uploads/attachment", form, {
    schema: z.object({ filename: z.string(), fileUrl: z.string() }),
  });
}
