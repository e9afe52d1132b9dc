import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { accountLite } from "../../../../domain/account.schemas";
import {
  type AccountProfileUpdate,
  accountProfile,
} from "../../../../domain/account-profile.schemas";
import type { Locale } from "../../../../domain/locale";
import { ACCOUNT_SETTINGS, type AccountSettingName } from "../../../../domain/settings";
import { api } from "../../../lib/api-client";
import { meQueryKey } from "../../../lib/current-account";

type SettingValue<N extends AccountSettingName> = z.infer<(typeof ACCOUNT_SETTINGS)[N]>;

export const settingKey = (name: string) => ["account-setting", name] as const;

/** One account setting (getSetting of doc 1 §7), parsed with its schema from src/domain. */
export function useAccountSetting<N extends AccountSettingName>(name: N) {
  return useQuery({
    queryKey: settingKey(name),
    queryFn: () =>
      api
        .get<{ value: unknown }>(`/api/account/settings/${name}`)
        .then((r) => ACCOUNT_SETTINGS[name].parse(r.value) as SettingValue<N>),
  });
}

/** enableSetting(name, val): saves, then every reader of the setting sees the new value. */
export function useSaveAccountSetting<N extends AccountSettingName>(name: N) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (val: SettingValue<N>) =>
      api.put<{ value: unknown }>(`/api/account/settings/${name}`, { val }),
    onSuccess: () => client.invalidateQueries({ queryKey: settingKey(name) }),
  });
}

const profileKey = ["account-profile"] as const;

export function useAccountProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: () => api.get("/api/account/profile", { schema: accountProfile }),
  });
}

export function useSaveAccountProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountProfileUpdate) =>
      api.put("/api/account/profile", input, { schema: accountProfile }),
    onSuccess: (data) => {
      client.setQueryData(profileKey, data);
      // The shell shows the business name and time zone.
      void client.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

/** Settings → Language: the signed-in user's own; the shell switches as "me" comes back. */
export function useSaveLocale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (locale: Locale) =>
      api.put("/api/account/me/locale", { locale }, { schema: accountLite }),
    onSuccess: (me) => client.setQueryData(meQueryKey, me),
  });
}
