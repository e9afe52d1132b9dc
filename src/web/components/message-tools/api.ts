import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { z } from "zod";
import {
  aiEngineResponse,
  imageResponse,
  proposeResponse,
  shortenResponse,
} from "../../../domain/ai";
import { contactCardResponse } from "../../../domain/contact-card.schemas";
import {
  type CreateLinkRequest,
  link,
  linkTagsResponse,
  listLinksResponse,
  reviewLinksResponse,
} from "../../../domain/links";
import {
  contentStatus,
  listTemplatesResponse,
  type TemplateRequest,
  template,
} from "../../../domain/templates";
import { api } from "../../lib/api-client";

// ---- account state -------------------------------------------------------------------------

export const contentStatusKey = ["content-status"] as const;

/** Whether the account is in the unverified toll-free state, and its controlled-template role. */
export function useContentStatus() {
  return useQuery({
    queryKey: contentStatusKey,
    queryFn: () => api.get("/api/content-status", { schema: contentStatus }),
  });
}

// ---- templates -----------------------------------------------------------------------------

export const templatesKey = ["templates"] as const;
export type TemplateKind = "plain" | "controlled" | "unverified";
const TEMPLATE_BASE: Record<TemplateKind, string> = {
  plain: "/api/templates",
  controlled: "/api/controlled-templates",
  unverified: "/api/templates/unverified-toll-free",
};

export interface TemplatesParams {
  page: number;
  pageSize: number;
  query: string;
  isMMS?: boolean;
}

export function listTemplates(kind: TemplateKind, p: TemplatesParams) {
  const qs = new URLSearchParams({
    page: String(p.page),
    pageSize: String(p.pageSize),
    query: p.query,
  });
  if (p.isMMS !== undefined) qs.set("isMMS", String(p.isMMS));
  return api.get(`${TEMPLATE_BASE[kind]}?${qs}`, { schema: listTemplatesResponse });
}

export function useTemplates(kind: TemplateKind, p: TemplatesParams, enabled = true) {
  return useQuery({
    queryKey: [...templatesKey, kind, "list", p],
    queryFn: () => listTemplates(kind, p),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTemplate(kind: "plain" | "controlled", id: number | null) {
  return useQuery({
    queryKey: [...templatesKey, kind, "one", id],
    queryFn: () => api.get(`${TEMPLATE_BASE[kind]}/${id}`, { schema: template }),
    enabled: id !== null,
  });
}

export function useSaveTemplate(kind: "plain" | "controlled") {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: TemplateRequest }) =>
      id === null
        ? api.post(TEMPLATE_BASE[kind], body, { schema: template, toast: false })
        : api.put(`${TEMPLATE_BASE[kind]}/${id}`, body, { schema: template, toast: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: templatesKey }),
  });
}

export function useDeleteTemplate(kind: "plain" | "controlled") {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${TEMPLATE_BASE[kind]}/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: templatesKey }),
  });
}

export function useAddStarterTemplates() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/templates/starter"),
    onSuccess: () => qc.invalidateQueries({ queryKey: templatesKey }),
  });
}

// ---- links ---------------------------------------------------------------------------------

export const linksKey = ["links"] as const;

export interface LinksParams {
  page: number;
  pageSize: number;
  query: string;
}

export function useLinks(p: LinksParams, enabled = true) {
  return useQuery({
    queryKey: [...linksKey, "list", p],
    queryFn: () => {
      const qs = new URLSearchParams({
        page: String(p.page),
        pageSize: String(p.pageSize),
        query: p.query,
      });
      return api.get(`/api/links?${qs}`, { schema: listLinksResponse });
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useLink(id: number | null | undefined) {
  return useQuery({
    queryKey: [...linksKey, "one", id],
    queryFn: () => api.get(`/api/links/${id}`, { schema: link }),
    enabled: typeof id === "number" && id > 0,
  });
}

/** The short addresses of these links (for bodyForDisplay), one request for all of them. */
export function useLinkUrls(ids: readonly number[]): ReadonlyMap<number, string> | null {
  const key = [...new Set(ids)].sort((a, b) => a - b).join(",");
  const res = useQuery({
    queryKey: [...linksKey, "urls", key],
    queryFn: () =>
      api.get(`/api/links?${new URLSearchParams({ linkIds: key, pageSize: "100" })}`, {
        schema: listLinksResponse,
      }),
    enabled: key !== "",
    staleTime: 60_000,
  });
  // Null until the addresses are known (a link is not shown as deleted while it loads).
  return useMemo(
    () =>
      key === ""
        ? new Map<number, string>()
        : res.data
          ? new Map(res.data.rows.map((l) => [l.id, l.shortUrl]))
          : null,
    [key, res.data],
  );
}

export function useLinkTags(enabled = true) {
  return useQuery({
    queryKey: [...linksKey, "tags"],
    queryFn: () => api.get("/api/links/tags", { schema: linkTagsResponse }),
    enabled,
  });
}

export function useCreateLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLinkRequest) =>
      api.post("/api/links", body, { schema: link, toast: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: linksKey }),
  });
}

export function usePatchLinkTags() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, tags }: { id: number; tags: string[] }) =>
      api.patch(`/api/links/${id}`, { tags }, { schema: link }),
    onSuccess: () => qc.invalidateQueries({ queryKey: linksKey }),
  });
}

export function useReviewLinks(query: string, enabled: boolean) {
  return useQuery({
    queryKey: [...linksKey, "review", query],
    queryFn: () =>
      api.get(
        `/api/links/review-links?${new URLSearchParams({ query, page: "0", pageSize: "25" })}`,
        { schema: reviewLinksResponse },
      ),
    enabled,
  });
}

// ---- contact card --------------------------------------------------------------------------

export const contactCardKey = ["contact-card"] as const;

export function useContactCardQuery() {
  return useQuery({
    queryKey: contactCardKey,
    queryFn: () => api.get("/api/contact-card", { schema: contactCardResponse }),
  });
}

export function useSaveContactCard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      api.upload("/api/contact-card", form, {
        schema: contactCardResponse.extend({ created: z.boolean() }),
        toast: false,
      }),
    onSuccess: (data) =>
      qc.setQueryData(contactCardKey, { card: data.card, downloadUrl: data.downloadUrl }),
  });
}

// ---- AI ------------------------------------------------------------------------------------

/** Whether an AI service answers the tools, or Parley's templates (then the tools say so). */
export function useAiEngine(enabled = true) {
  return useQuery({
    queryKey: ["ai", "engine"],
    queryFn: () => api.get("/api/ai/engine", { schema: aiEngineResponse }),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

export function proposeMessages(userPrompt: string) {
  return api.post("/api/ai/propose", { userPrompt }, { schema: proposeResponse });
}

export function shortenMessage(message: string) {
  return api.post("/api/ai/shorten", { message }, { schema: shortenResponse });
}

export function generateImage(prompt: string) {
  return api.post("/api/ai/image", { prompt }, { schema: imageResponse });
}
