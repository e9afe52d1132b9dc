import { Anchor, Center, Paper, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { paths } from "../../../app/paths";
import { usePageMeta } from "../../../components/page-meta";

const NAMES = { zoom: "Zoom", goto: "GoTo" } as const;

/** The single sign-on landing for a webinar service; its sign-up flow comes with the auth issue. */
export function ServiceWelcome({ service }: { service: keyof typeof NAMES }) {
  usePageMeta(`Welcome, ${NAMES[service]} user`);
  return (
    <Center mih="80dvh" p="md">
      <Paper withBorder radius="lg" p="xl" maw={520}>
        <Title order={2}>Welcome, {NAMES[service]} user</Title>
        <Text c="dimmed" mt="xs">
          Signing up through {NAMES[service]} is not built yet. You can{" "}
          <Anchor component={Link} to={paths.login}>
            log in
          </Anchor>{" "}
          with a Parley account.
        </Text>
      </Paper>
    </Center>
  );
}
