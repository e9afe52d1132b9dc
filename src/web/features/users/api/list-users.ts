import { useQuery } from "@tanstack/react-query";
import { listUsersResponse } from "../../../../domain/users.schemas";
import { api } from "../../../lib/api-client";
import { usersKey } from "./keys";

export function listUsers() {
  return api.get("/api/users", { schema: listUsersResponse });
}

export function useUsers(opts: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: [...usersKey, "list"], queryFn: listUsers, enabled: opts.enabled });
}
