import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { MarketingKind } from "../../../../domain/marketing";
import type { ProgramInput, ProgramResponse } from "../../../../domain/marketing.schemas";
import { tk, translateMessage } from "../../../i18n";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { fromZonedInput, toZonedInput } from "../../../lib/zoned-input";
import { useGroupOptions, useNumberOptions } from "../../growth/api/pickers";
import { useSaveProgram } from "../api/marketing";
import { wordProblem } from "../lib/word-problem";

type Values = Record<string, string | number>;

const WORD_LABEL: Record<MarketingKind, string> = {
  loyalty: tk("Check-in word"),
  coupon: "",
  giveaway: tk("Entry word"),
  referral: tk("Word to get a link"),
  registration: tk("Registration word"),
};

const inDays = (d: number) => new Date(Date.now() + d * 86400_000).toISOString();

/** A new program's values; the coupon's text starts in the words of the user's language. */
function defaults(kind: MarketingKind, timeZone: string, t: TFunction): Values {
  const toLocalInput = (iso: string) => toZonedInput(iso, timeZone);
  switch (kind) {
    case "loyalty":
      return {
        pointsPerCheckin: 1,
        periodHours: 24,
        rewardPoints: 10,
        reward: "",
        checkinCode: "",
      };
    case "coupon":
      return {
        offer: "",
        message: t("{offer} with code {code}. Valid until {expiry}."),
        expiresAt: toLocalInput(inDays(14)),
        groupId: "",
      };
    case "giveaway":
      return {
        prize: "",
        startsAt: toLocalInput(new Date().toISOString()),
        endsAt: toLocalInput(inDays(7)),
        winners: 1,
      };
    case "referral":
      return { offer: "", rewardReferrals: 3, reward: "" };
    case "registration":
      return {
        eventAt: toLocalInput(inDays(14)),
        location: "",
        capacity: 20,
        cancelWord: "UNREGISTER",
      };
  }
}

function valuesOf(p: ProgramResponse, timeZone: string, t: TFunction): Values {
  const s = p.settings as Record<string, string | number | null>;
  const v: Values = { ...defaults(p.kind, timeZone, t) };
  for (const [k, val] of Object.entries(s)) {
    if (val === null || val === undefined) continue;
    v[k] = ["expiresAt", "startsAt", "endsAt", "eventAt"].includes(k)
      ? toZonedInput(String(val), timeZone)
      : val;
  }
  return v;
}

function toInput(
  kind: MarketingKind,
  name: string,
  keyword: string,
  numberId: string,
  v: Values,
  timeZone: string,
): ProgramInput {
  const fromLocalInput = (value: string) => fromZonedInput(value, timeZone);
  const num = (k: string) => Number(v[k]);
  const str = (k: string) => String(v[k] ?? "");
  const base = { name, phoneNumberId: numberId ? Number(numberId) : null };
  switch (kind) {
    case "loyalty":
      return {
        kind,
        ...base,
        keyword,
        settings: {
          pointsPerCheckin: num("pointsPerCheckin"),
          periodHours: num("periodHours"),
          rewardPoints: num("rewardPoints"),
          reward: str("reward"),
          checkinCode: str("checkinCode"),
        },
      };
    case "coupon":
      return {
        kind,
        ...base,
        settings: {
          offer: str("offer"),
          message: str("message"),
          expiresAt: fromLocalInput(str("expiresAt")),
          groupId: v.groupId ? Number(v.groupId) : null,
        },
      };
    case "giveaway":
      return {
        kind,
        ...base,
        keyword,
        settings: {
          prize: str("prize"),
          startsAt: fromLocalInput(str("startsAt")),
          endsAt: fromLocalInput(str("endsAt")),
          winners: num("winners"),
        },
      };
    case "referral":
      return {
        kind,
        ...base,
        keyword,
        settings: {
          offer: str("offer"),
          rewardReferrals: num("rewardReferrals"),
          reward: str("reward"),
        },
      };
    case "registration":
      return {
        kind,
        ...base,
        keyword,
        settings: {
          eventAt: fromLocalInput(str("eventAt")),
          location: str("location"),
          capacity: num("capacity"),
          cancelWord: str("cancelWord"),
        },
      };
  }
}

/** Create or edit a program of one tool, in a modal; the server's refusal is shown in it. */
export function ProgramForm(props: {
  kind: MarketingKind;
  program: ProgramResponse | null;
  opened: boolean;
  onClose: () => void;
  onSaved: (p: ProgramResponse) => void;
}) {
  const { t } = useTranslation();
  const { kind, program } = props;
  const [name, setName] = useState(program?.name ?? "");
  const [keyword, setKeyword] = useState(program?.keyword ?? "");
  const [numberId, setNumberId] = useState(
    program?.phoneNumberId ? String(program.phoneNumberId) : "",
  );
  const timeZone = useAccountTimeZone();
  const [values, setValues] = useState<Values>(
    program ? valuesOf(program, timeZone, t) : defaults(kind, timeZone, t),
  );
  const [error, setError] = useState<string | null>(null);
  const save = useSaveProgram();
  const numbers = useNumberOptions();
  const groups = useGroupOptions();
  const set = (k: string) => (v: string | number) => setValues((old) => ({ ...old, [k]: v }));
  const text = (k: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={String(values[k] ?? "")}
      onChange={(e) => set(k)(e.currentTarget.value)}
      {...extra}
    />
  );
  const number = (k: string, label: string, min: number, max: number) => (
    <NumberInput
      label={label}
      min={min}
      max={max}
      allowDecimal={false}
      value={Number(values[k])}
      onChange={(v) => set(k)(typeof v === "number" ? v : Number(v) || min)}
    />
  );
  const when = (k: string, label: string) =>
    text(k, label, {
      type: "datetime-local",
      required: true,
      description: t("In your account's time zone ({{zone}}).", { zone: timeZone }),
    });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    // The word rules are the server's too; checked here so a typo costs no round trip.
    const problem =
      (kind !== "coupon" ? wordProblem(t, keyword) : null) ??
      (kind === "registration" ? wordProblem(t, String(values.cancelWord ?? "")) : null);
    if (problem) {
      setError(problem);
      return;
    }
    save.mutate(
      { id: program?.id ?? null, input: toInput(kind, name, keyword, numberId, values, timeZone) },
      {
        onSuccess: (p) => {
          notify.success(
            program
              ? t("{{name}} saved", { name: p.name })
              : t("{{name}} created", { name: p.name }),
          );
          props.onSaved(p);
        },
        onError: (err) => setError(translateMessage(err.message)),
      },
    );
  };

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={program ? t("Edit {{name}}", { name: program.name }) : t("Create")}
      size="lg"
      fullScreen={typeof window !== "undefined" && window.innerWidth < 576}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert" data-testid="form-error">
              {error}
            </Alert>
          )}
          <TextInput
            label={t("Name")}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {kind !== "coupon" && (
              <TextInput
                label={t(WORD_LABEL[kind])}
                description={t("One word people text to your number")}
                required
                value={keyword}
                onChange={(e) => setKeyword(e.currentTarget.value.toUpperCase())}
              />
            )}
            <Select
              label={kind === "coupon" ? t("Send from") : t("Answer from")}
              description={
                kind === "coupon"
                  ? t("Your number the coupon comes from")
                  : t("Replies come from the number texted")
              }
              placeholder={t("Your main number")}
              data={numbers.data ?? []}
              value={numberId || null}
              onChange={(v) => setNumberId(v ?? "")}
              clearable
            />
          </SimpleGrid>
          {kind === "loyalty" && (
            <>
              {text("reward", t("Reward"), { required: true, placeholder: t("a free coffee") })}
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                {number("rewardPoints", t("Points for the reward"), 1, 1000)}
                {number("pointsPerCheckin", t("Points per check-in"), 1, 100)}
                {number("periodHours", t("Hours between check-ins"), 1, 744)}
              </SimpleGrid>
              {text("checkinCode", t("Shop check-in code (optional)"), {
                description: t(
                  "When set, people text the word and this code, shown only in your shop",
                ),
              })}
            </>
          )}
          {kind === "coupon" && (
            <>
              {text("offer", t("Offer"), { required: true, placeholder: t("20% off any drink") })}
              <Textarea
                label={t("Message")}
                description={t(
                  "{code} is each person's own code; {offer} and {expiry} are filled in. Your business name and the opt-out line are added.",
                )}
                autosize
                minRows={2}
                value={String(values.message)}
                onChange={(e) => set("message")(e.currentTarget.value)}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {when("expiresAt", t("Expires"))}
                <Select
                  label={t("Send to")}
                  placeholder={t("Everyone with marketing consent")}
                  data={groups.data ?? []}
                  value={values.groupId ? String(values.groupId) : null}
                  onChange={(v) => set("groupId")(v ?? "")}
                  clearable
                />
              </SimpleGrid>
            </>
          )}
          {kind === "giveaway" && (
            <>
              {text("prize", t("Prize"), {
                required: true,
                placeholder: t("a year of free coffee"),
              })}
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                {when("startsAt", t("Opens"))}
                {when("endsAt", t("Closes"))}
                {number("winners", t("Winners"), 1, 50)}
              </SimpleGrid>
            </>
          )}
          {kind === "referral" && (
            <>
              {text("offer", t("What friends get"), {
                required: true,
                placeholder: t("Join and get 10% off your first order"),
              })}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {number("rewardReferrals", t("Friends for a reward"), 1, 100)}
                {text("reward", t("Reward"), { required: true, placeholder: t("a free pastry") })}
              </SimpleGrid>
            </>
          )}
          {kind === "registration" && (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {when("eventAt", t("Event date and time"))}
                {number("capacity", t("Capacity"), 1, 100000)}
              </SimpleGrid>
              {text("location", t("Location (optional)"))}
              {text("cancelWord", t("Cancel word"), {
                description: t(
                  "Registered people text it to give their place up (CANCEL and STOP are opt-out words)",
                ),
              })}
            </>
          )}
          {kind !== "coupon" && (
            <Text size="xs" c="dimmed">
              {t(
                'Texting the word records the person\'s consent to your texts; the first answer carries your business name, "Msg & data rates may apply" and HELP/STOP. Opted-out numbers get nothing.',
              )}
            </Text>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={props.onClose}>
              {t("Cancel")}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {program ? t("Save") : t("Create")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
