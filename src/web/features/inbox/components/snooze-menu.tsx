import { ActionIcon, Button, Menu, Modal, Stack, TextInput, Tooltip } from "@mantine/core";
import { IconAlarm, IconAlarmOff, IconClock, IconMessageReply } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SnoozeRequest } from "../../../../domain/inbox-tools";
import { notify } from "../../../lib/notify";
import { useSnooze } from "../api/inbox-tools-api";

function at(hoursFromNow: number) {
  return new Date(Date.now() + hoursFromNow * 3_600_000);
}

function nextMorning(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(9, 0, 0, 0);
  return d;
}

/** Snooze: out of the open list until a time or the contact's next text. */
export function SnoozeMenu(props: {
  conversationId: number;
  snoozed: boolean;
  onSnoozed: () => void;
}) {
  const { t } = useTranslation();
  const snooze = useSnooze(props.conversationId);
  const [picking, setPicking] = useState(false);
  const [custom, setCustom] = useState("");
  const run = (req: SnoozeRequest | null) =>
    snooze.mutate(req, {
      onSuccess: (r) => {
        notify.success(r.message);
        setPicking(false);
        if (req) props.onSnoozed();
      },
    });
  const until = (d: Date) => run({ mode: "until", until: d.toISOString() });

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Tooltip label={props.snoozed ? t("Snoozed") : t("Snooze")}>
            <ActionIcon
              variant={props.snoozed ? "light" : "subtle"}
              color={props.snoozed ? "violet" : "gray"}
              aria-label={t("Snooze")}
              loading={snooze.isPending}
            >
              <IconAlarm size={18} />
            </ActionIcon>
          </Tooltip>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t("Snooze until")}</Menu.Label>
          <Menu.Item leftSection={<IconClock size={16} />} onClick={() => until(at(3))}>
            {t("In 3 hours")}
          </Menu.Item>
          <Menu.Item leftSection={<IconClock size={16} />} onClick={() => until(nextMorning(1))}>
            {t("Tomorrow, 9:00")}
          </Menu.Item>
          <Menu.Item leftSection={<IconClock size={16} />} onClick={() => until(nextMorning(7))}>
            {t("Next week")}
          </Menu.Item>
          <Menu.Item leftSection={<IconClock size={16} />} onClick={() => setPicking(true)}>
            {t("Pick a time…")}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconMessageReply size={16} />}
            onClick={() => run({ mode: "reply" })}
          >
            {t("Until they reply")}
          </Menu.Item>
          {props.snoozed && (
            <>
              <Menu.Divider />
              <Menu.Item leftSection={<IconAlarmOff size={16} />} onClick={() => run(null)}>
                {t("Unsnooze")}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={picking} onClose={() => setPicking(false)} title={t("Snooze until")} centered>
        <Stack>
          <TextInput
            type="datetime-local"
            label={t("Date and time")}
            value={custom}
            onChange={(e) => setCustom(e.currentTarget.value)}
          />
          <Button
            disabled={!custom}
            loading={snooze.isPending}
            onClick={() => until(new Date(custom))}
          >
            {t("Snooze")}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
