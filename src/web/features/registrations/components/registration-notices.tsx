import { Anchor, Box, Button, Group, List, Modal, Stack, Text } from "@mantine/core";
import { type Icon, IconAlertTriangle, IconBuildingStore } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import type { AccountLite } from "../../../../domain/account.schemas";
import { brandPrompt, shellNotices, TOLL_FREE_BANNER_TEXT } from "../../../../domain/registrations";
import { LOCAL_KEYS } from "../../../lib/storage";
import {
  useRefreshOnDecision,
  useRegistrationStatus,
  useSkipBrandPrompt,
} from "../api/registration-status";

/** Session flag of doc 1 §4: the brand modal was already shown in this session. */
const VISITED = "parley.hasVisitedPlatformThisSession";
const REGISTRATION_PATH = "/number-registration";

function Strip(props: {
  tone: "yellow" | "orange" | "red";
  testId: string;
  icon: Icon;
  message: string;
  link?: { to: string; label: string };
}) {
  const Glyph = props.icon;
  return (
    <Box
      role="status"
      data-testid={props.testId}
      px="md"
      py={6}
      ta="center"
      style={{
        background: `var(--mantine-color-${props.tone}-light)`,
        color: `var(--mantine-color-${props.tone === "yellow" ? "dark" : props.tone}-9)`,
      }}
    >
      <Text fz={{ base: 12, sm: 14 }} fw={600} m={0} lh={1.4}>
        <Glyph size={15} aria-hidden style={{ verticalAlign: -2, marginRight: 6 }} />
        {props.message}
        {props.link && (
          <Anchor
            component={Link}
            to={props.link.to}
            fz="inherit"
            fw={700}
            c="dark.9"
            underline="always"
            ml={8}
          >
            {props.link.label}
          </Anchor>
        )}
      </Text>
    </Box>
  );
}

/**
 * The brand registration modal and banner and the toll-free verification banner (doc 1 §4),
 * from the account's real state: its brand prompt status, settings, numbers and reviews; one
 * strip at a time (shellNotices). `onPrompting` says while the brand modal is open, so the tour
 * waits for it.
 */
export function RegistrationNotices({
  me,
  onPrompting,
}: {
  me: AccountLite;
  onPrompting?: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const { pathname, state } = useLocation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const status = useRegistrationStatus();
  useRefreshOnDecision(status.data);
  const skip = useSkipBrandPrompt();
  const [seen, setSeen] = useState(() => sessionStorage.getItem(VISITED) === "1");
  const firstLogin =
    search.get("first_login") === "1" || localStorage.getItem(LOCAL_KEYS.firstLogin) === "1";
  const prompt = brandPrompt(me, {
    firstLogin,
    seenThisSession: seen,
    force: (state as { forceBrandRegistration?: boolean } | null)?.forceBrandRegistration === true,
    required: status.data?.requireBrandRegistration === true,
    queryForce: search.get("forceBrandRegistration") === "1",
  });
  const onRegistration = pathname.startsWith(REGISTRATION_PATH);
  const markSeen = () => {
    sessionStorage.setItem(VISITED, "1");
    setSeen(true);
  };
  const banner = status.data?.tollFreeBanner;
  const shown = shellNotices({
    accountState: me.forbiddenReason != null,
    tollFree: Boolean(banner) && !onRegistration,
    brandBanner: prompt.banner && !onRegistration,
    brandModal: prompt.modal && !onRegistration && status.isSuccess,
  });
  useEffect(() => {
    onPrompting?.(shown.brandModal);
  }, [onPrompting, shown.brandModal]);

  return (
    <>
      {shown.strip === "brand" && (
        <Strip
          tone="yellow"
          testId="brand-registration-banner"
          icon={IconBuildingStore}
          message={t("Register your brand so carriers deliver the texts from your local numbers.")}
          link={{ to: REGISTRATION_PATH, label: t("Register now") }}
        />
      )}
      {shown.strip === "toll_free" && banner && (
        <Strip
          tone={banner.state === "rejected" ? "red" : "orange"}
          testId="toll-free-banner"
          icon={IconAlertTriangle}
          message={t(TOLL_FREE_BANNER_TEXT[banner.state])}
          link={
            me.superUser
              ? {
                  to: banner.link,
                  label:
                    banner.state === "no_number"
                      ? t("Manage numbers")
                      : banner.state === "pending"
                        ? t("View status")
                        : t("Verify now"),
                }
              : undefined
          }
        />
      )}
      <Modal
        opened={shown.brandModal}
        onClose={markSeen}
        title={t("Register your brand")}
        centered
        data-testid="brand-registration-modal"
      >
        <Stack gap="sm">
          <Text size="sm">
            {t(
              "US carriers require every business texting from a local number to register its brand and campaign (10DLC). Until then your texts may be filtered and links are disabled.",
            )}
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>{t("Your legal business name, EIN and address")}</List.Item>
            <List.Item>{t("Your website and a contact e-mail")}</List.Item>
            <List.Item>{t("How you collect consent and two sample messages")}</List.Item>
          </List>
          <Group justify="flex-end" mt="xs">
            <Button
              variant="subtle"
              color="gray"
              loading={skip.isPending}
              onClick={() => {
                markSeen();
                if (me.brandRegistrationStatus === "unseen") skip.mutate();
              }}
            >
              {t("Skip for now")}
            </Button>
            <Button
              onClick={() => {
                markSeen();
                navigate(REGISTRATION_PATH);
              }}
            >
              {t("Register now")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
