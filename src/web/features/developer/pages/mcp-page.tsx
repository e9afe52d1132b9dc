import { Anchor, Code, List, Paper, Stack, Text, Title } from "@mantine/core";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { ConnectedAppsCard } from "../components/connected-apps-card";

/** /mcp: how to connect an AI client (Claude, Cursor, any MCP client) to this account. */
export default function McpPage() {
  const { t } = useTranslation();
  const url = `${window.location.origin}/api/mcp`;
  const config = JSON.stringify(
    {
      mcpServers: {
        parley: {
          type: "http",
          url,
          headers: { Authorization: "Bearer <your API key>" },
        },
      },
    },
    null,
    2,
  );
  return (
    <>
      <PageHeader
        title={t("Connect an AI assistant")}
        description={t(
          "Parley speaks the Model Context Protocol: an assistant can search your subscribers, read conversations, report on sends and draft texts.",
        )}
      />
      <Stack gap="lg" maw={820}>
        <Paper withBorder radius="lg" p="md">
          <Title order={3} fz="lg" mb="xs">
            {t("1. Create an API key")}
          </Title>
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="On <0>Developer Home</0>, create a key with the scopes the assistant needs: <1>subscribers:read</1> to search, <2>messages:read</2> to read conversations, <3>sends:read</3> for reports, and <4>messages:write</4> only if it may send texts."
              components={[
                <Anchor key="home" component={Link} to="/developer-dashboard" />,
                <Code key="subscribers" />,
                <Code key="messages" />,
                <Code key="sends" />,
                <Code key="write" />,
              ]}
            />
          </Text>
        </Paper>
        <Paper withBorder radius="lg" p="md">
          <Title order={3} fz="lg" mb="xs">
            {t("2. Add Parley to your client")}
          </Title>
          <Text size="sm" mb="xs">
            <Trans
              t={t}
              i18nKey="The server address is <0>{{url}}</0> (Streamable HTTP). Most clients take a configuration like this:"
              values={{ url }}
              components={[<Code key="url" />]}
            />
          </Text>
          <Code block data-testid="mcp-config" tabIndex={0}>
            {config}
          </Code>
        </Paper>
        <Paper withBorder radius="lg" p="md">
          <Title order={3} fz="lg" mb="xs">
            {t("Or sign in with OAuth")}
          </Title>
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="Clients that support MCP authorization (OAuth 2.1) need no key: add only the address <0>{{url}}</0>. The client registers itself, opens a Parley page where you choose what it may do and press Allow, and then acts as you with those permissions. Its discovery document is at <1>{{discovery}}</1>."
              values={{
                url,
                discovery: `${window.location.origin}/.well-known/oauth-authorization-server`,
              }}
              components={[<Code key="url" />, <Code key="discovery" />]}
            />
          </Text>
        </Paper>
        <ConnectedAppsCard />
        <Paper withBorder radius="lg" p="md">
          <Title order={3} fz="lg" mb="xs">
            {t("3. What the assistant can do")}
          </Title>
          <List size="sm" spacing={4}>
            <List.Item>
              <Trans
                t={t}
                i18nKey="<0>search_subscribers</0>: find people by name, phone, e-mail or group."
                components={[<Code key="tool" />]}
              />
            </List.Item>
            <List.Item>
              <Trans
                t={t}
                i18nKey="<0>read_conversation</0>: the latest messages with one subscriber."
                components={[<Code key="tool" />]}
              />
            </List.Item>
            <List.Item>
              <Trans
                t={t}
                i18nKey="<0>report_sends</0>: recent sends with delivered, failed and opt-out figures."
                components={[<Code key="tool" />]}
              />
            </List.Item>
            <List.Item>
              <Trans
                t={t}
                i18nKey="<0>draft_message</0>: propose or check a text (segments, credits). Sends nothing."
                components={[<Code key="tool" />]}
              />
            </List.Item>
            <List.Item>
              <Trans
                t={t}
                i18nKey="<0>send_message</0>: sends one text, only with <1>confirm: true</1> after you approve it, and only with a key that has <2>messages:write</2>."
                components={[<Code key="tool" />, <Code key="confirm" />, <Code key="scope" />]}
              />
            </List.Item>
          </List>
          <Text size="sm" c="dimmed" mt="sm">
            {t(
              "Opt-outs, quiet hours and credits apply as when you send from the inbox. Revoke the key on Developer Home to disconnect the assistant at once.",
            )}
          </Text>
        </Paper>
      </Stack>
    </>
  );
}
