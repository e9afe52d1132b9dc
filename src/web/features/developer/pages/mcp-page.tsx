import { Anchor, Code, List, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { ConnectedAppsCard } from "../components/connected-apps-card";

/** /mcp: how to connect an AI client (Claude, Cursor, any MCP client) to this account. */
export default function McpPage() {
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
        title="Connect an AI assistant"
        description="Parley speaks the Model Context Protocol: an assistant can search your subscribers, read conversations, report on sends and draft texts."
      />
      <Stack gap="lg" maw={820}>
        <Paper withBorder radius="lg" p="md">
          <Title order={3} fz="lg" mb="xs">
            1. Create an API key
          </Title>
          <Text size="sm">
            On{" "}
            <Anchor component={Link} to="/developer-dashboard">
              Developer Home
            </Anchor>
            , create a key with the scopes the assistant needs: <Code>subscribers:read</Code> to
            search, <Code>messages:read</Code> to read conversations, <Code>sends:read</Code> for
            reports, and <Code>messages:write</Code> only if it may send texts.
          </Text>
        </Paper>
        <Paper withBorder radius="lg" p="md">
          <Title order={3} fz="lg" mb="xs">
            2. Add Parley to your client
          </Title>
          <Text size="sm" mb="xs">
            The server address is <Code>{url}</Code> (Streamable HTTP). Most clients take a
            configuration like this:
          </Text>
          <Code block data-testid="mcp-config" tabIndex={0}>
            {config}
          </Code>
        </Paper>
        <Paper withBorder radius="lg" p="md">
          <Title order={3} fz="lg" mb="xs">
            Or sign in with OAuth
          </Title>
          <Text size="sm">
            Clients that support MCP authorization (OAuth 2.1) need no key: add only the address{" "}
            <Code>{url}</Code>. The client registers itself, opens a Parley page where you choose
            what it may do and press Allow, and then acts as you with those permissions. Its
            discovery document is at{" "}
            <Code>{`${window.location.origin}/.well-known/oauth-authorization-server`}</Code>.
          </Text>
        </Paper>
        <ConnectedAppsCard />
        <Paper withBorder radius="lg" p="md">
          <Title order={3} fz="lg" mb="xs">
            3. What the assistant can do
          </Title>
          <List size="sm" spacing={4}>
            <List.Item>
              <Code>search_subscribers</Code>: find people by name, phone, e-mail or group.
            </List.Item>
            <List.Item>
              <Code>read_conversation</Code>: the latest messages with one subscriber.
            </List.Item>
            <List.Item>
              <Code>report_sends</Code>: recent sends with delivered, failed and opt-out figures.
            </List.Item>
            <List.Item>
              <Code>draft_message</Code>: propose or check a text (segments, credits). Sends
              nothing.
            </List.Item>
            <List.Item>
              <Code>send_message</Code>: sends one text, only with <Code>confirm: true</Code> after
              you approve it, and only with a key that has <Code>messages:write</Code>.
            </List.Item>
          </List>
          <Text size="sm" c="dimmed" mt="sm">
            Opt-outs, quiet hours and credits apply as when you send from the inbox. Revoke the key
            on Developer Home to disconnect the assistant at once.
          </Text>
        </Paper>
      </Stack>
    </>
  );
}
