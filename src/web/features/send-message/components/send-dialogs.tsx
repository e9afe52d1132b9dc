import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import {
  type Icon,
  IconAlertTriangle,
  IconCreditCard,
  IconMoonStars,
  IconWorld,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import {
  formatPrice,
  formatUsd,
  INTERNATIONAL_PACK,
  MESSAGE_BUNDLES,
} from "../../../../domain/billing";
import { COMPOSE_TEXT } from "../../../../domain/message-compose.schemas";
import { translateMessage } from "../../../i18n";
import { notify } from "../../../lib/notify";
import { usePurchaseCredits } from "../api/send-message-api";

export type SendDialog =
  | null
  | "quietHours"
  | "credits"
  | "international"
  | "unableToSend"
  | "noContactCard";

/** The composer's top-up: the first bundle, the pack the server sells here (spec doc 2 §8: 500 at 0.03). */
const PACK = MESSAGE_BUNDLES[0].qty;
const PACK_CENTS = MESSAGE_BUNDLES[0].priceCents;

/** Every dialog the send flow can open (spec doc 2 §2 Modals, §4, §8). */
export function SendDialogs(props: {
  open: SendDialog;
  onClose: () => void;
  onSendAnyway: () => void;
  isTestAccount: boolean;
  canBuy: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const purchase = usePurchaseCredits();
  const buy = (type: "sms" | "international") =>
    purchase.mutate(
      { qty: type === "sms" ? PACK : INTERNATIONAL_PACK.qty, type },
      {
        onSuccess: (r) => {
          notify.success(translateMessage(r.message));
          props.onClose();
        },
      },
    );

  return (
    <>
      <SendDialogFrame
        opened={props.open === "quietHours"}
        onClose={props.onClose}
        icon={IconMoonStars}
        title={t("Quiet Hours")}
      >
        <Text size="sm">
          {t(
            "The time you chose falls inside your account's quiet hours, when subscribers do not expect messages. Choose another time, or send it anyway.",
          )}
        </Text>
        <SendDialogActions onClose={props.onClose}>
          <Button color="orange" onClick={props.onSendAnyway}>
            {t("Send Anyway")}
          </Button>
        </SendDialogActions>
      </SendDialogFrame>

      <SendDialogFrame
        opened={props.open === "credits"}
        onClose={props.onClose}
        icon={IconCreditCard}
        title={t("Not enough credits")}
      >
        <Text size="sm">{translateMessage(COMPOSE_TEXT.insufficientCredits)}</Text>
        {props.isTestAccount ? (
          <SendDialogActions onClose={props.onClose}>
            <Button
              onClick={() => {
                props.onClose();
                navigate("/billing/manage-subscription/upgrade");
              }}
            >
              {t("Upgrade account now")}
            </Button>
          </SendDialogActions>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t("Buy {{n}} credits for {{price}} ({{each}} per text).", {
                n: PACK,
                price: formatUsd(PACK_CENTS),
                each: formatUsd(PACK_CENTS / PACK),
              })}
            </Text>
            {!props.canBuy && (
              <Text size="sm" c="orange">
                {t("Ask an administrator of your account to buy more credits.")}
              </Text>
            )}
            <SendDialogActions onClose={props.onClose}>
              <Button
                loading={purchase.isPending}
                disabled={!props.canBuy}
                onClick={() => buy("sms")}
              >
                {t("Buy {{n}} credits", { n: PACK })}
              </Button>
            </SendDialogActions>
          </>
        )}
      </SendDialogFrame>

      <SendDialogFrame
        opened={props.open === "international"}
        onClose={props.onClose}
        icon={IconWorld}
        title={translateMessage(COMPOSE_TEXT.internationalTitle)}
      >
        <Text size="sm">{translateMessage(COMPOSE_TEXT.internationalText)}</Text>
        <SendDialogActions onClose={props.onClose}>
          <Button
            loading={purchase.isPending}
            disabled={!props.canBuy || props.isTestAccount}
            onClick={() => buy("international")}
          >
            {t("Purchase {{price}}", { price: formatPrice(INTERNATIONAL_PACK.priceCents) })}
          </Button>
        </SendDialogActions>
      </SendDialogFrame>

      <SendDialogFrame
        opened={props.open === "unableToSend"}
        onClose={props.onClose}
        icon={IconAlertTriangle}
        title={t("Unable To Send")}
      >
        <Text size="sm">
          {t(
            "Your account has not been validated yet, so messages cannot include links. Remove the link and send again, or contact us to validate your account.",
          )}
        </Text>
        <SendDialogActions onClose={props.onClose} closeLabel={t("Edit Message")}>
          <Button
            onClick={() => {
              props.onClose();
              navigate("/help/contact-us");
            }}
          >
            {t("Contact Us")}
          </Button>
        </SendDialogActions>
      </SendDialogFrame>

      <SendDialogFrame
        opened={props.open === "noContactCard"}
        onClose={props.onClose}
        title={translateMessage(COMPOSE_TEXT.contactCardMissing)}
      >
        <Text size="sm">
          {t(
            "Create your contact card (organization name, photo, description and website) and subscribers can save your business to their phones in one tap.",
          )}
        </Text>
        <SendDialogActions onClose={props.onClose}>
          <Button
            onClick={() => {
              props.onClose();
              navigate("/optins/contact-card");
            }}
          >
            {t("Create Contact Card")}
          </Button>
        </SendDialogActions>
      </SendDialogFrame>
    </>
  );
}

/** One send-flow dialog: a centred modal whose title has an optional icon, its body stacked. */
function SendDialogFrame(props: {
  opened: boolean;
  onClose: () => void;
  icon?: Icon;
  title: ReactNode;
  children: ReactNode;
}) {
  const TitleIcon = props.icon;
  const title = <Text fw={600}>{props.title}</Text>;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={
        TitleIcon ? (
          <Group gap="xs">
            <TitleIcon size={20} />
            {title}
          </Group>
        ) : (
          title
        )
      }
      centered
    >
      <Stack>{props.children}</Stack>
    </Modal>
  );
}

/** The dialog's buttons, right-aligned: a plain button that closes it, then the given actions. */
function SendDialogActions(props: {
  onClose: () => void;
  closeLabel?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={props.onClose}>
        {props.closeLabel ?? t("Close")}
      </Button>
      {props.children}
    </Group>
  );
}
