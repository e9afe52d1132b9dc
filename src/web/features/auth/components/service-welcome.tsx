import { Anchor, Button, Group, List, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconCheck, IconVideo } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../../../app/paths";
import { usePageMeta } from "../../../components/page-meta";
import { ssoStartPath, useSsoServices } from "../api/sso-services";
import { AuthHeading, AuthLayout } from "./auth-layout";

export const SSO_SERVICE_NAMES = { zoom: "Zoom", goto: "GoTo" } as const;
export type SsoService = keyof typeof SSO_SERVICE_NAMES;

/**
 * /{service} for the two webinar services (spec doc 3 §2, §4): what Parley does with them, and
 * the way in: 'Sign Up with Zoom' (the service's sign-in, which also logs in a known user) when
 * the server has the service's app, else log in (then the webinars page) or sign up.
 */
export function ServiceWelcome({ service }: { service: SsoService }) {
  const name = SSO_SERVICE_NAMES[service];
  const { t } = useTranslation();
  usePageMeta(t("Welcome, {{name}} user", { name }));
  const next = encodeURIComponent("/webinars");
  const services = useSsoServices();
  return (
    <AuthLayout>
      <Stack gap="md" data-testid="service-welcome">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconVideo size={30} />
        </ThemeIcon>
        <AuthHeading
          title={t("Welcome, {{name}} user", { name })}
          subtitle={t("Text your {{name}} webinar registrants with Parley.", { name })}
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
          <List.Item>
            {t("Import your {{name}} webinar attendees as subscribers.", { name })}
          </List.Item>
          <List.Item>{t("Send reminders before the webinar starts, by text.")}</List.Item>
          <List.Item>{t("Follow up with attendees and no-shows afterwards.")}</List.Item>
        </List>
        {services.isPending ? (
          <Skeleton h={36} radius="sm" />
        ) : services.data?.[service] ? (
          // The server has the service's app: one button signs up, or in, through the service.
          <Stack gap="xs">
            <Button component="a" href={ssoStartPath(service)} size="md">
              {t("Sign Up with {{name}}", { name })}
            </Button>
            <Text size="sm" c="dimmed" ta="center">
              {t("Already use Parley?")}{" "}
              <Anchor component={Link} to={`${paths.login}?redirectTo=${next}`}>
                {t("Log In")}
              </Anchor>
            </Text>
          </Stack>
        ) : (
          <Group grow>
            <Button component={Link} to={`${paths.login}?redirectTo=${next}`}>
              {t("Log In")}
            </Button>
            <Button component={Link} to={paths.adminSignup} variant="default">
              {t("Sign Up")}
            </Button>
          </Group>
        )}
      </Stack>
    </AuthLayout>
  );
}
