import { Button, Group, Text } from "@mantine/core";
import { IconArrowBackUp, IconBuildingCommunity } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { AccountLite } from "../../../../domain/account.schemas";
import { TEXT } from "../../../../domain/texts";
import { useReturnToParent } from "../api/managed-accounts";
import classes from "./acting-banner.module.css";

/**
 * The managed-account banner: the first thing above every page while a parent's user works in a
 * child account (which business this is, and the way back to their own). The spec's sentence
 * stays; 'Return to <parent>' is the way back that does not look like signing out.
 */
export function ActingBanner({ me }: { me: AccountLite }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = useReturnToParent();
  const parent = me.returnToName ?? "your account";
  return (
    <Group
      role="region"
      aria-label={t("Managed account")}
      data-testid="acting-banner"
      className={classes.banner}
      justify="space-between"
      gap="xs"
    >
      <Group gap="sm" wrap="nowrap" className={classes.text}>
        <IconBuildingCommunity size={22} aria-hidden className={classes.icon} />
        <div>
          <Text size="sm" fw={700} lh={1.3}>
            {me.businessName}
          </Text>
          <Text size="xs" lh={1.35} className={classes.sentence}>
            {t(TEXT.impersonating)}
          </Text>
        </div>
      </Group>
      <Button
        size="xs"
        variant="white"
        color="dark"
        leftSection={<IconArrowBackUp size={16} />}
        loading={back.isPending}
        className={classes.button}
        onClick={() =>
          back.mutate(undefined, {
            onSuccess: () => navigate("/manage-accounts", { replace: true }),
          })
        }
      >
        {t("Return to {{name}}", { name: parent })}
      </Button>
    </Group>
  );
}
