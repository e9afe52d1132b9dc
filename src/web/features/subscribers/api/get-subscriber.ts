import { useQuery } from "@tanstack/react-query";
import { subscriberDetail } from "../../../../domain/subscribers.schemas";
import { api } from "../../../lib/api-client";
import { subscriberKeys } from "./keys";

export function getSubscriber(id: number) {
  return api.get(`/api/subscribers/${id}`, { schema: subscriberDetail });
}

export function useSubscriber(id: number | null) {
  return useQuery({
    queryKey: subscriberKeys.detail(id ?? 0),
    queryFn: () => getSubscriber(id!),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
  });
}
