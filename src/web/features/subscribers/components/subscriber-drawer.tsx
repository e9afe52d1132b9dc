import { Badge, Button, Drawer, Group, Skeleton, Stack, Tabs, Text, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { modals, useModals } from "@mantine/modals";
import {
  IconBan,
  IconCircleCheck,
  IconCircleX,
  IconLockOpen,
  IconPencil,
  IconTrash,
  IconUserQuestion,
} from "@tabler/icons-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { displayPhone } from "../../../../domain/contact-display";
import type { SubscriberDetail } from "../../../../domain/subscribers.schemas";
import { EmptyState } from "../../../components/empty-state";
import { tk } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { MOBILE_QUERY } from "../../../lib/media";
import { notify } from "../../../lib/notify";
import { type ConsentAction, useChangeConsent } from "../api/change-consent";
import { useDeleteSubscriber } from "../api/delete-subscriber";
import { useMemberships } from "../api/get-memberships";
import { useSubscriber } from "../api/get-subscriber";
import { useCustomFields } from "../api/list-custom-fields";
import { NoConsentBadge } from "./consent-badge";
import { ConsentTimeline } from "./consent-timeline";
import { MessageList } from "./message-list";
import { RecordConsentModal } from "./record-consent-modal";
import { SubscriberDetails } from "./subscriber-details";
import { SubscriberFormModal } from "./subscriber-form-modal";
import { fullName } from "./subscribers-table";
import { VoiceConsentSection } from "./voice-consent-section";

const CONSENT_COPY: Record<
  ConsentAction,
  { title: string; body: string; confirm: string; done: string; color?: string }
> = {
  "opt-out": {
    title: tk("Opt out this subscriber?"),
    body: tk(
      "They will receive no more messages from you until they text START or you opt them back in. The change is written to the consent history.",
    ),
    confirm: tk("Opt Out"),
    done: tk("Subscriber opted out"),
    color: "red",
  },
  "opt-in": {
    title: tk("Opt this subscriber back in?"),
    body: tk(
      "Only do this when the person has asked to receive your messages again. The change is written to the consent history with your name.",
    ),
    confirm: tk("Opt Back In"),
    done: tk("Subscriber opted back in"),
  },
  block: {
    title: tk("Block this number?"),
    body: tk(
      "Nothing will be sent to a blocked number. The change is written to the consent history.",
    ),
    confirm: tk("Block"),
    done: tk("Number blocked"),
    color: "red",
  },
  unblock: {
    title: tk("Unblock this number?"),
    body: tk("Messages can be sent to this number again (unless it has opted out)."),
    confirm: tk("Unblock"),
    done: tk("Number unblocked"),
  },
};

/** The subscriber panel: fields, groups, attributes, consent history, messages and actions. */
export function SubscriberDrawer(props: {
  subscriberId: number | null;
  timeZone: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [editing, setEditing] = useState(false);
  // Escape closes the dialog on top (edit form, confirmation), not the panel under it too.
  const confirmations = useModals().modals.length;
  const dialogOpen = editing || confirmations > 0;
  const detail = useSubscriber(props.subscriberId);
  const notFound = detail.error instanceof ApiError && detail.error.status === 404;
  const s = detail.data;
  const title = s ? fullName(s) || displayPhone(s.number) : t("Subscriber");

  return (
    <>
      <Drawer
        opened={props.subscriberId !== null}
        onClose={props.onClose}
        closeOnEscape={!dialogOpen}
        closeButtonProps={{ "aria-label": t("Close") }}
        position="right"
        size={mobile ? "100%" : 560}
        title={
          <Title order={3} size="h4" data-testid="subscriber-title">
            {detail.isPending ? <Skeleton h={22} w={180} /> : title}
          </Title>
        }
        data-testid="subscriber-drawer"
      >
        {detail.isPending && props.subscriberId !== null && <DrawerSkeleton />}
        {notFound && (
          <EmptyState
            icon={<IconUserQuestion size={28} />}
            title={t("Subscriber not found")}
            description={t(
              "This subscriber does not exist in your account. It may have been deleted.",
            )}
            action={{ label: t("Back to Subscribers"), onClick: props.onClose }}
          />
        )}
        {detail.isError && !notFound && (
          <Text c="red">{t("The subscriber could not be loaded. Please try again.")}</Text>
        )}
        {s && (
          <DrawerBody
            subscriber={s}
            timeZone={props.timeZone}
            onDeleted={props.onClose}
            onEdit={() => setEditing(true)}
          />
        )}
      </Drawer>
      {/* Outside the drawer's tree: Escape in the form must not close the drawer as well. */}
      <SubscriberFormModal
        opened={editing && s !== undefined}
        onClose={() => setEditing(false)}
        subscriber={s}
      />
    </>
  );
}

function DrawerSkeleton() {
  return (
    <Stack>
      <Skeleton h={28} w="60%" />
      <Skeleton h={34} />
      <Skeleton h={200} />
    </Stack>
  );
}

function DrawerBody(props: {
  subscriber: SubscriberDetail;
  timeZone: string;
  onDeleted: () => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const s = props.subscriber;
  const [tab, setTab] = useState<string | null>("details");
  const fields = useCustomFields();
  const memberships = useMemberships([s.id]);
  const consent = useChangeConsent();
  const remove = useDeleteSubscriber();
  const [recording, setRecording] = useState(false);
  const who = fullName(s) || displayPhone(s.number);

  const confirmConsent = (action: ConsentAction) => {
    const copy = CONSENT_COPY[action];
    modals.openConfirmModal({
      title: t(copy.title),
      children: (
        <Text size="sm">
          <b>{who}</b> ({displayPhone(s.number)}). {t(copy.body)}
        </Text>
      ),
      labels: { confirm: t(copy.confirm), cancel: t("Cancel") },
      confirmProps: { color: copy.color, "data-testid": "confirm-consent" },
      onConfirm: () =>
        consent.mutate({ id: s.id, action }, { onSuccess: () => notify.success(t(copy.done)) }),
    });
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t("Delete subscriber?"),
      children: (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="<0>{{who}}</0> ({{number}}) will be removed with their groups and attributes. This cannot be undone. An opt-out stays in force and the consent history is kept."
            values={{ who, number: displayPhone(s.number) }}
            components={[<b key="who" />]}
          />
        </Text>
      ),
      labels: { confirm: t("Delete Subscriber"), cancel: t("Cancel") },
      confirmProps: { color: "red", "data-testid": "confirm-delete" },
      onConfirm: () =>
        remove.mutate(s.id, {
          onSuccess: () => {
            notify.success(t("Subscriber deleted"));
            props.onDeleted();
          },
        }),
    });

  return (
    <Stack gap="md">
      <Group gap="xs">
        {/* Without a name the drawer's title is already the number. */}
        {fullName(s) && (
          <Text size="lg" fw={600} data-testid="subscriber-phone">
            {displayPhone(s.number)}
          </Text>
        )}
        {s.optedOut ? (
          <Badge color="red" variant="light" data-testid="status-opted-out">
            {t("Opted out")}
          </Badge>
        ) : s.marketingConsent ? (
          <Badge color="teal" variant="light">
            {t("Subscribed")}
          </Badge>
        ) : (
          <NoConsentBadge />
        )}
        {s.blocked && (
          <Badge color="dark" variant="light">
            {t("Blocked")}
          </Badge>
        )}
        {s.isLandline && (
          <Badge color="orange" variant="light">
            {t("Landline")}
          </Badge>
        )}
      </Group>
      <Group gap={6}>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPencil size={14} />}
          onClick={props.onEdit}
        >
          {t("Edit")}
        </Button>
        {s.optedOut ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCircleCheck size={14} />}
            onClick={() => confirmConsent("opt-in")}
            loading={consent.isPending && consent.variables?.action === "opt-in"}
          >
            {t("Opt Back In")}
          </Button>
        ) : (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCircleX size={14} />}
            onClick={() => confirmConsent("opt-out")}
            loading={consent.isPending && consent.variables?.action === "opt-out"}
          >
            {t("Opt Out")}
          </Button>
        )}
        {!s.marketingConsent && !s.optedOut && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCircleCheck size={14} />}
            onClick={() => setRecording(true)}
            data-testid="record-consent"
          >
            {t("Record Consent")}
          </Button>
        )}
        {s.blocked ? (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconLockOpen size={14} />}
            onClick={() => confirmConsent("unblock")}
          >
            {t("Unblock")}
          </Button>
        ) : (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconBan size={14} />}
            onClick={() => confirmConsent("block")}
          >
            {t("Block")}
          </Button>
        )}
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconTrash size={14} />}
          onClick={confirmDelete}
          loading={remove.isPending}
        >
          {t("Delete")}
        </Button>
      </Group>
      <RecordConsentModal
        opened={recording}
        onClose={() => setRecording(false)}
        subscriber={s}
        who={who}
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="details">{t("Details")}</Tabs.Tab>
          <Tabs.Tab value="consent">{t("Consent History")}</Tabs.Tab>
          <Tabs.Tab value="messages">{t("Messages")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          <SubscriberDetails
            subscriber={s}
            groups={memberships.data?.[String(s.id)]}
            fields={fields.data ?? []}
            timeZone={props.timeZone}
            voiceConsent={
              <VoiceConsentSection subscriberId={s.id} who={who} timeZone={props.timeZone} />
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="consent" pt="md">
          <ConsentTimeline subscriberId={s.id} timeZone={props.timeZone} />
        </Tabs.Panel>
        <Tabs.Panel value="messages" pt="md">
          <MessageList subscriberId={s.id} timeZone={props.timeZone} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
