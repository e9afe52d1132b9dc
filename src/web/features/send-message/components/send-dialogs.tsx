import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCreditCard, IconMoonStars, IconWorld } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { COMPOSE_TEXT } from "../../../../domain/message-compose.schemas";
import { notify } from "../../../lib/notify";
import { usePurchaseCredits } from "../api/send-message-api";

export type SendDialog =
  | null
  | "quietHours"
  | "credits"
  | "international"
  | "unableToSend"
  | "noContactCard";

/** Price per text of the composer's top-up (spec doc 2 §8: 0.03). */
const PRICE_PER_TEXT = 0.03;
const PACK = 500;

/** Every dialog the send flow can open (spec doc 2 §2 Modals, §4, §8). */
export function SendDialogs(props: {
  open: SendDialog;
  onClose: () => void;
  onSendAnyway: () => void;
  isTestAccount: boolean;
  canBuy: boolean;
}) {
  const navigate = useNavigate();
  const purchase = usePurchaseCredits();
  const buy = (type: "sms" | "international") =>
    purchase.mutate(
      { qty: type === "sms" ? PACK : 20, type },
      {
        onSuccess: (r) => {
          notify.success(r.message);
          props.onClose();
        },
      },
    );

  return (
    <>
      <Modal
        opened={props.open === "quietHours"}
        onClose={props.onClose}
        title={
          <Group gap="xs">
            <IconMoonStars size={20} />
            <Text fw={600}>Quiet Hours</Text>
          </Group>
        }
        centered
      >
        <Stack>
          <Text size="sm">
            The time you chose falls inside your account's quiet hours, when subscribers do not
            expect messages. Choose another time, or send it anyway.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Close
            </Button>
            <Button color="orange" onClick={props.onSendAnyway}>
              Send Anyway
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={props.open === "credits"}
        onClose={props.onClose}
        title={
          <Group gap="xs">
            <IconCreditCard size={20} />
            <Text fw={600}>Not enough credits</Text>
          </Group>
        }
        centered
      >
        <Stack>
          <Text size="sm">{COMPOSE_TEXT.insufficientCredits}</Text>
          {props.isTestAccount ? (
            <Group justify="flex-end">
              <Button variant="default" onClick={props.onClose}>
                Close
              </Button>
              <Button
                onClick={() => {
                  props.onClose();
                  navigate("/billing/manage-subscription/upgrade");
                }}
              >
                Upgrade account now
              </Button>
            </Group>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                Buy {PACK} credits for ${(PACK * PRICE_PER_TEXT).toFixed(2)} ($
                {PRICE_PER_TEXT.toFixed(2)} per text).
              </Text>
              {!props.canBuy && (
                <Text size="sm" c="orange">
                  Ask an administrator of your account to buy more credits.
                </Text>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={props.onClose}>
                  Close
                </Button>
                <Button
                  loading={purchase.isPending}
                  disabled={!props.canBuy}
                  onClick={() => buy("sms")}
                >
                  Buy {PACK} credits
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Modal>

      <Modal
        opened={props.open === "international"}
        onClose={props.onClose}
        title={
          <Group gap="xs">
            <IconWorld size={20} />
            <Text fw={600}>{COMPOSE_TEXT.internationalTitle}</Text>
          </Group>
        }
        centered
      >
        <Stack>
          <Text size="sm">{COMPOSE_TEXT.internationalText}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Close
            </Button>
            <Button
              loading={purchase.isPending}
              disabled={!props.canBuy || props.isTestAccount}
              onClick={() => buy("international")}
            >
              Purchase $20
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={props.open === "unableToSend"}
        onClose={props.onClose}
        title={
          <Group gap="xs">
            <IconAlertTriangle size={20} />
            <Text fw={600}>Unable To Send</Text>
          </Group>
        }
        centered
      >
        <Stack>
          <Text size="sm">
            Your account has not been validated yet, so messages cannot include links. Remove the
            link and send again, or contact us to validate your account.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Edit Message
            </Button>
            <Button
              onClick={() => {
                props.onClose();
                navigate("/help/contact-us");
              }}
            >
              Contact Us
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={props.open === "noContactCard"}
        onClose={props.onClose}
        title={<Text fw={600}>{COMPOSE_TEXT.contactCardMissing}</Text>}
        centered
      >
        <Stack>
          <Text size="sm">
            Create your contact card (organization name, photo, description and website) and
            subscribers can save your business to their phones in one tap.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Close
            </Button>
            <Button
              onClick={() => {
                props.onClose();
                navigate("/optins/contact-card");
              }}
            >
              Create Contact Card
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
