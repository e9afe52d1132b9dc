import { Alert, Button, Checkbox, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { API_AREAS } from "../../../../domain/api-keys";
import { authorizeDecisionResponse, authorizeInfoResponse } from "../../../../domain/mcp-oauth";
import { translateMessage } from "../../../i18n";
import { api } from "../../../lib/api-client";

/**
 * /mcp/stytch/oauth: an MCP client (Claude, Cursor…) asks to act for the signed-in person. The
 * person sees who asks, where it returns and what it may do, unticks what they won't give, and
 * approves or denies; the browser then goes back to the client with a code or an error.
 */
export default function McpOAuthPage() {
  const { t } = useTranslation();
  // The server's "Read subscribers" / "Read and change subscribers", in the active language.
  const scopeLabel = (s: { scope: string; label: string }) => {
    const [area, level] = s.scope.split(":");
    const def = API_AREAS.find((a) => a.area === area);
    if (!def) return s.label;
    const areaName = translateMessage(def.label).toLowerCase();
    return level === "write"
      ? t("Read and change {{area}}", { area: areaName })
      : t("Read {{area}}", { area: areaName });
  };
  const [params] = useSearchParams();
  const request = {
    clientId: params.get("client_id") ?? "",
    redirectUri: params.get("redirect_uri") ?? "",
    codeChallenge: params.get("code_challenge") ?? "",
    codeChallengeMethod: params.get("code_challenge_method") ?? "",
    state: params.get("state") ?? "",
    scope: params.get("scope") ?? "",
    resource: params.get("resource") ?? "",
  };
  const info = useQuery({
    queryKey: ["mcp-oauth", request],
    queryFn: () =>
      api.get(`/api/oauth/authorize?${new URLSearchParams(request)}`, {
        schema: authorizeInfoResponse,
        toast: false,
      }),
    retry: false,
  });
  const [unticked, setUnticked] = useState<string[]>([]);
  const decide = useMutation({
    mutationFn: (approve: boolean) =>
      api.post(
        "/api/oauth/authorize",
        {
          ...request,
          approve,
          scopes: (info.data?.scopes ?? [])
            .map((s) => s.scope)
            .filter((s) => !unticked.includes(s)),
        },
        { schema: authorizeDecisionResponse },
      ),
    onSuccess: (r) => window.location.assign(r.redirectTo),
  });
  return (
    <Stack maw={560} mx="auto" mt="lg">
      <Paper withBorder radius="lg" p="lg">
        {info.isPending ? (
          <Skeleton h={160} />
        ) : info.isError ? (
          <Alert color="red" title={t("This connection request cannot be used")}>
            {translateMessage(info.error.message)}
          </Alert>
        ) : (
          <Stack gap="md">
            <Title order={2} fz="xl">
              {t("Allow {{client}} to use Parley?", { client: info.data.clientName })}
            </Title>
            <Text size="sm">
              <Trans
                t={t}
                i18nKey="It will act as you in this account and return to <0>{{host}}</0>."
                values={{ host: info.data.redirectHost }}
                components={[<b key="host" />]}
              />
            </Text>
            {info.data.scopes.length === 0 ? (
              <Alert color="yellow">
                {t("Your user has none of the permissions this application asks for.")}
              </Alert>
            ) : (
              <Stack gap="xs">
                <Text size="sm" fw={600}>
                  {t("It asks to:")}
                </Text>
                {info.data.scopes.map((s) => (
                  <Checkbox
                    key={s.scope}
                    label={scopeLabel(s)}
                    checked={!unticked.includes(s.scope)}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      setUnticked((u) => (on ? u.filter((x) => x !== s.scope) : [...u, s.scope]));
                    }}
                  />
                ))}
              </Stack>
            )}
            <Text size="xs" c="dimmed">
              {t(
                "Texts it sends follow your opt-outs, quiet hours and credits. You can sign it out at any time on the MCP Connection page.",
              )}
            </Text>
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => decide.mutate(false)}
                disabled={decide.isPending}
              >
                {t("Deny")}
              </Button>
              <Button
                onClick={() => decide.mutate(true)}
                loading={decide.isPending}
                disabled={info.data.scopes.every((s) => unticked.includes(s.scope))}
              >
                {t("Allow")}
              </Button>
            </Group>
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
