import { Button, Group, List, Stack, ThemeIcon } from "@mantine/core";
import { IconCheck, IconVideo } from "@tabler/icons-react";
import { Link } from "react-router";
import { paths } from "../../../app/paths";
import { usePageMeta } from "../../../components/page-meta";
import { AuthHeading, AuthLayout } from "./auth-layout";

export const SSO_SERVICE_NAMES = { zoom: "Zoom", goto: "GoTo" } as const;
export type SsoService = keyof typeof SSO_SERVICE_NAMES;

/**
 * /{service} for the two webinar services (spec doc 3 §2, §4): what Parley does with them, and
 * the way in: log in (then the webinars page) or sign up.
 */
export function ServiceWelcome({ service }: { service: SsoService }) {
  const name = SSO_SERVICE_NAMES[service];
  usePageMeta(`Welcome, ${name} user`);
  const next = encodeURIComponent("/webinars");
  return (
    <AuthLayout>
      <Stack gap="md" data-testid="service-welcome">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconVideo size={30} />
        </ThemeIcon>
        <AuthHeading
          title={`Welcome, ${name} user`}
          subtitle={`Text your ${name} webinar registrants with Parley.`}
        />
        <List
          spacing="xs"
          size="sm"
          icon={
            <ThemeIcon size={20} radius="xl" color="teal" variant="light">
              <IconCheck size={13} />
            </ThemeIcon>
          }
        >
          <List.Item>Import your {name} webinar attendees as subscribers.</List.Item>
          <List.Item>Send reminders before the webinar starts, by text.</List.Item>
          <List.Item>Follow up with attendees and no-shows afterwards.</List.Item>
        </List>
        <Group grow>
          <Button component={Link} to={`${paths.login}?redirectTo=${next}`}>
            Log In
          </Button>
          <Button component={Link} to={paths.adminSignup} variant="default">
            Sign Up
          </Button>
        </Group>
      </Stack>
    </AuthLayout>
  );
}
