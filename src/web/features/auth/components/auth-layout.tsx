import { Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconChecks, IconInbox, IconMessageChatbot, IconSend } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import classes from "./auth-layout.module.css";

/**
 * The frame of every sign-in page (login, forgot and reset password, invitation, activation,
 * two-factor): the brand panel on the left on desktop, the form alone on a phone.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={classes.root}>
      <aside className={classes.brandPanel}>
        <Group gap={10}>
          <IconMessageChatbot size={32} stroke={1.8} />
          <Text fw={700} fz={22}>
            Parley
          </Text>
        </Group>
        <Stack gap="lg" maw={440}>
          <Title order={2} fz={34} lh={1.15} c="white">
            {t("Texting your customers actually answer.")}
          </Title>
          <Bullet
            icon={<IconSend size={20} />}
            text={t("Send, schedule and repeat SMS and MMS campaigns.")}
          />
          <Bullet
            icon={<IconInbox size={20} />}
            text={t("Answer every reply together in one shared inbox.")}
          />
          <Bullet
            icon={<IconChecks size={20} />}
            text={t("Opt-outs, quiet hours and consent handled for you.")}
          />
        </Stack>
        <Text size="sm" opacity={0.75}>
          {t("Self-hosted business texting")}
        </Text>
      </aside>
      <main className={classes.formPanel}>
        <div className={classes.form}>
          <div className={classes.mobileBrand}>
            <IconMessageChatbot size={26} stroke={1.8} />
            <Text fw={700} fz={18}>
              Parley
            </Text>
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}

/** The heading of a sign-in page: an h1 (no shell top bar here) and a line under it. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div>
      <Title order={1} fz={28}>
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" size="sm" mt={4}>
          {subtitle}
        </Text>
      )}
    </div>
  );
}

/** Where a sign-in flow ends (sent, done, expired, invalid): an icon, a heading, what next. */
export function AuthOutcome(props: {
  testId: string;
  color: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" data-testid={props.testId}>
      <ThemeIcon size={56} radius="xl" variant="light" color={props.color}>
        {props.icon}
      </ThemeIcon>
      <AuthHeading title={props.title} />
      {props.children}
    </Stack>
  );
}

function Bullet({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <div className={classes.bullet}>
      {icon}
      <Text c="white" opacity={0.92}>
        {text}
      </Text>
    </div>
  );
}
