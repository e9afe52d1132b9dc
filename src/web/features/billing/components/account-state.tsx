import { Anchor, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import type { AccountLite } from "../../../../domain/account.schemas";
import { tk } from "../../../i18n";
import { setForbiddenHandler } from "../../../lib/api-client";
import { meQueryKey } from "../../../lib/current-account";

type Reason = NonNullable<AccountLite["forbiddenReason"]>;

/** Doc 1 §4: each reason's banner line, modal title (when shown) and main button. */
const REASONS: Record<
  Reason,
  {
    banner: string;
    /** The banner for someone who is not the owner. */
    others: string;
    title?: string;
    body: string;
    button: string;
    to: string;
    modal: boolean;
  }
> = {
  expired_trial: {
    banner: tk("Your free trial has ended. Upgrade to keep sending."),
    others: tk("Your free trial has ended. Ask the account owner to resolve it."),
    title: tk("Your Free Trial has ended!"),
    body: tk(
      "Choose a plan to keep sending messages. Your subscribers and message history are kept. Make changes once your account is upgraded.",
    ),
    button: tk("Upgrade Account"),
    to: "/billing/manage-subscription/upgrade",
    modal: true,
  },
  disabled: {
    banner: tk("Your account has been disabled by an administrator. Contact support to enable it."),
    others: tk(
      "Your account has been disabled by an administrator. Ask the account owner to resolve it.",
    ),
    body: tk("Your account has been disabled. Contact support to enable it before making changes."),
    button: tk("Enable"),
    to: "/help/contact-us",
    modal: false,
  },
  declined_card: {
    banner: tk("Your last payment was declined. Update your card to keep sending."),
    others: tk("Your last payment was declined. Ask the account owner to resolve it."),
    title: tk("Oops, your card was declined!"),
    body: tk(
      "We could not charge your card. Update your card to keep sending; make changes once the payment goes through.",
    ),
    button: tk("Update Card"),
    to: "/billing/payment-method",
    modal: true,
  },
  expired_card: {
    banner: tk("Your card has expired. Update your card to keep sending."),
    others: tk("Your card has expired. Ask the account owner to resolve it."),
    title: tk("Oops, your card was declined!"),
    body: tk(
      "Your card on file has expired. Update your card to keep sending; make changes once the payment goes through.",
    ),
    button: tk("Update Card"),
    to: "/billing/payment-method",
    modal: true,
  },
  paused: {
    banner: tk("Your account is paused. Reactivate to send again."),
    others: tk("Your account is paused. Ask the account owner to resolve it."),
    body: tk(
      "Your account is paused: nothing is sent or billed. Reactivate to make changes and send again.",
    ),
    button: tk("Reactivate"),
    to: "/billing/manage-subscription/reactivate",
    modal: true,
  },
  canceled: {
    banner: tk("Your subscription has ended. Reactivate to send again."),
    others: tk("Your subscription has ended. Ask the account owner to resolve it."),
    body: tk(
      "Your subscription has ended. Your data is kept for one month; reactivate to make changes and send again.",
    ),
    button: tk("Reactivate"),
    to: "/billing/manage-subscription/reactivate",
    modal: true,
  },
};

const DISMISSED = "parley.forbiddenDismissed";

/** The banner and modal of an account in a forbidden state; 'Just looking' dismisses the modal. */
export function AccountStateNotice({ me }: { me: AccountLite }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const reason = me.forbiddenReason;
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED));

  // A refused write says the account's state changed: refetch it and show the modal again.
  useEffect(() => {
    setForbiddenHandler(() => {
      sessionStorage.removeItem(DISMISSED);
      setDismissed(null);
      void client.invalidateQueries({ queryKey: meQueryKey });
    });
    return () => setForbiddenHandler(() => {});
  }, [client]);

  if (!reason) return null;
  const r = REASONS[reason];
  const owner = me.superUser;
  const onBilling = pathname.startsWith("/billing");
  const dismiss = () => {
    sessionStorage.setItem(DISMISSED, reason);
    setDismissed(reason);
  };
  return (
    <>
      <Group
        role="status"
        data-testid="account-state-banner"
        justify="center"
        gap="xs"
        px="md"
        py={8}
        style={{
          background: "var(--mantine-color-red-light)",
          color: "var(--mantine-color-red-light-color)",
        }}
      >
        <Text size="sm" fw={600} ta="center">
          {t(owner ? r.banner : r.others)}
        </Text>
        {owner && (
          <Anchor component={Link} to={r.to} size="sm" fw={700}>
            {t(r.button)}
          </Anchor>
        )}
      </Group>
      <Modal
        opened={owner && r.modal && dismissed !== reason && !onBilling}
        onClose={dismiss}
        title={r.title && t(r.title)}
        withCloseButton={false}
        centered
        data-testid="account-state-modal"
      >
        <Stack gap="md">
          <Text size="sm">{t(r.body)}</Text>
          <Group justify="flex-end">
            <Button variant="subtle" color="gray" onClick={dismiss}>
              {t("Just looking")}
            </Button>
            <Button
              onClick={() => {
                dismiss();
                navigate(r.to);
              }}
            >
              {t(r.button)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
