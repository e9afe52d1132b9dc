import { ActionIcon, Popover, Stack, Switch, Text, Tooltip } from "@mantine/core";
import { IconBell, IconBellRinging } from "@tabler/icons-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { notificationsResponse } from "../../../../domain/notifications.schemas";
import { i18n } from "../../../i18n";
import { api } from "../../../lib/api-client";
import { useCurrentAccount } from "../../../lib/current-account";
import { notify } from "../../../lib/notify";
import { useRealtimeEvent } from "../../../lib/realtime";
import { useAlerts, useSaveAlerts } from "../api/inbox-tools-api";

const supported = () => typeof window !== "undefined" && "Notification" in window;

/** A short two-tone chime made on the spot (no sound file to ship or load). */
function chime() {
  try {
    const Ctx =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const audio = new Ctx();
    const gain = audio.createGain();
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.5);
    gain.connect(audio.destination);
    for (const [i, f] of [880, 1320].entries()) {
      const osc = audio.createOscillator();
      osc.frequency.value = f;
      osc.connect(gain);
      osc.start(audio.currentTime + i * 0.12);
      osc.stop(audio.currentTime + 0.2 + i * 0.12);
    }
    setTimeout(() => void audio.close(), 1000);
  } catch {
    // No sound is better than a broken screen.
  }
}

/** The opt-in switches for this user (saved on the server, so every browser of theirs follows). */
export function AlertSettings() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const save = useSaveAlerts();
  const value = alerts.data ?? { desktopAlerts: false, sound: false };
  const on = value.desktopAlerts || value.sound;
  const change = async (patch: Partial<typeof value>) => {
    if (patch.desktopAlerts && supported() && Notification.permission !== "granted") {
      const answer = await Notification.requestPermission();
      if (answer !== "granted") {
        notify.error(
          t("Your browser blocks notifications for this site: allow them in its settings."),
        );
        return;
      }
    }
    save.mutate({ ...value, ...patch }, { onSuccess: (r) => notify.success(r.message) });
  };
  return (
    <Popover position="bottom-start" shadow="md" width={260} withinPortal>
      <Popover.Target>
        <Tooltip label={t("Alerts for new messages")}>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t("Alerts")}>
            {on ? <IconBellRinging size={16} /> : <IconBell size={16} />}
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {t("Alerts for new messages and assignments")}
          </Text>
          <Switch
            label={t("Desktop notifications")}
            description={supported() ? undefined : t("This browser cannot show them")}
            disabled={!supported() || save.isPending}
            checked={value.desktopAlerts}
            onChange={(e) => void change({ desktopAlerts: e.currentTarget.checked })}
          />
          <Switch
            label={t("Play a sound")}
            disabled={save.isPending}
            checked={value.sound}
            onChange={(e) => void change({ sound: e.currentTarget.checked })}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * While the inbox is open: a desktop notification and/or a chime for each new text (unless it is
 * the conversation being read in a visible tab) and for each assignment or mention of this user.
 */
export function useInboxAlerts(openId: number | null, onOpen: (id: number) => void) {
  const me = useCurrentAccount();
  const alerts = useAlerts();
  const live = useRef({ openId, onOpen, prefs: alerts.data });
  live.current = { openId, onOpen, prefs: alerts.data };

  const show = (title: string, body: string, conversationId: number | null) => {
    const prefs = live.current.prefs;
    if (!prefs) return;
    if (prefs.sound) chime();
    if (!prefs.desktopAlerts || !supported() || Notification.permission !== "granted") return;
    const n = new Notification(title, {
      body,
      tag: conversationId ? `c${conversationId}` : undefined,
    });
    n.onclick = () => {
      window.focus();
      if (conversationId) live.current.onOpen(conversationId);
      n.close();
    };
  };

  useRealtimeEvent("reply", (p) => {
    if (p.numberId === live.current.openId && document.visibilityState === "visible") return;
    show(
      i18n.t("New text from {{number}}", { number: p.number }),
      p.body || i18n.t("Picture message"),
      p.numberId,
    );
  });
  useRealtimeEvent("notification", (p) => {
    if (!me || !p.userIds.includes(me.userId)) return;
    if (!live.current.prefs?.desktopAlerts && !live.current.prefs?.sound) return;
    void api
      .get("/api/notifications?view=unread&limit=1", {
        schema: notificationsResponse,
        toast: false,
      })
      .then((r) => {
        const n = r.rows[0];
        if (!n || (n.kind !== "conversation_assigned" && n.kind !== "inbox_mention")) return;
        const id = Number(/conversation=(\d+)/.exec(n.redirectLink ?? "")?.[1]) || null;
        show(n.title, n.message, id);
      })
      .catch(() => {});
  });
}
