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
import { useState } from "react";
import { keywordProblem } from "../../../../domain/keywords";
import type { MarketingKind } from "../../../../domain/marketing";
import type { ProgramInput, ProgramResponse } from "../../../../domain/marketing.schemas";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { fromZonedInput, toZonedInput, zoneNote } from "../../../lib/zoned-input";
import { useGroupOptions, useNumberOptions } from "../../growth/api/pickers";
import { useSaveProgram } from "../api/marketing";

type Values = Record<string, string | number>;

const WORD_LABEL: Record<MarketingKind, string> = {
  loyalty: "Check-in word",
  coupon: "",
  giveaway: "Entry word",
  referral: "Word to get a link",
  registration: "Registration word",
};

const inDays = (d: number) => new Date(Date.now() + d * 86400_000).toISOString();

function defaults(kind: MarketingKind, timeZone: string): Values {
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
        message: "{offer} with code {code}. Valid until {expiry}.",
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

function valuesOf(p: ProgramResponse, timeZone: string): Values {
  const s = p.settings as Record<string, string | number | null>;
  const v: Values = { ...defaults(p.kind, timeZone) };
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
  const { kind, program } = props;
  const [name, setName] = useState(program?.name ?? "");
  const [keyword, setKeyword] = useState(program?.keyword ?? "");
  const [numberId, setNumberId] = useState(
    program?.phoneNumberId ? String(program.phoneNumberId) : "",
  );
  const timeZone = useAccountTimeZone();
  const [values, setValues] = useState<Values>(
    program ? valuesOf(program, timeZone) : defaults(kind, timeZone),
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
    text(k, label, { type: "datetime-local", required: true, description: zoneNote(timeZone) });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    // The word rules are the server's too; checked here so a typo costs no round trip.
    const problem =
      (kind !== "coupon" ? keywordProblem(keyword) : null) ??
      (kind === "registration" ? keywordProblem(String(values.cancelWord ?? "")) : null);
    if (problem) {
      setError(problem.replace(/keyword/gi, "word"));
      return;
    }
    save.mutate(
      { id: program?.id ?? null, input: toInput(kind, name, keyword, numberId, values, timeZone) },
      {
        onSuccess: (p) => {
          notify.success(program ? `${p.name} saved` : `${p.name} created`);
          props.onSaved(p);
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={program ? `Edit ${program.name}` : "Create"}
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
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {kind !== "coupon" && (
              <TextInput
                label={WORD_LABEL[kind]}
                description="One word people text to your number"
                required
                value={keyword}
                onChange={(e) => setKeyword(e.currentTarget.value.toUpperCase())}
              />
            )}
            <Select
              label={kind === "coupon" ? "Send from" : "Answer from"}
              description={
                kind === "coupon"
                  ? "Your number the coupon comes from"
                  : "Replies come from the number texted"
              }
              placeholder="Your main number"
              data={numbers.data ?? []}
              value={numberId || null}
              onChange={(v) => setNumberId(v ?? "")}
              clearable
            />
          </SimpleGrid>
          {kind === "loyalty" && (
            <>
              {text("reward", "Reward", { required: true, placeholder: "a free coffee" })}
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                {number("rewardPoints", "Points for the reward", 1, 1000)}
                {number("pointsPerCheckin", "Points per check-in", 1, 100)}
                {number("periodHours", "Hours between check-ins", 1, 744)}
              </SimpleGrid>
              {text("checkinCode", "Shop check-in code (optional)", {
                description:
                  "When set, people text the word and this code, shown only in your shop",
              })}
            </>
          )}
          {kind === "coupon" && (
            <>
              {text("offer", "Offer", { required: true, placeholder: "20% off any drink" })}
              <Textarea
                label="Message"
                description="{code} is each person's own code; {offer} and {expiry} are filled in. Your business name and the opt-out line are added."
                autosize
                minRows={2}
                value={String(values.message)}
                onChange={(e) => set("message")(e.currentTarget.value)}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {when("expiresAt", "Expires")}
                <Select
                  label="Send to"
                  placeholder="Everyone with marketing consent"
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
              {text("prize", "Prize", { required: true, placeholder: "a year of free coffee" })}
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                {when("startsAt", "Opens")}
                {when("endsAt", "Closes")}
                {number("winners", "Winners", 1, 50)}
              </SimpleGrid>
            </>
          )}
          {kind === "referral" && (
            <>
              {text("offer", "What friends get", {
                required: true,
                placeholder: "Join and get 10% off your first order",
              })}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {number("rewardReferrals", "Friends for a reward", 1, 100)}
                {text("reward", "Reward", { required: true, placeholder: "a free pastry" })}
              </SimpleGrid>
            </>
          )}
          {kind === "registration" && (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {when("eventAt", "Event date and time")}
                {number("capacity", "Capacity", 1, 100000)}
              </SimpleGrid>
              {text("location", "Location (optional)")}
              {text("cancelWord", "Cancel word", {
                description:
                  "Registered people text it to give their place up (CANCEL and STOP are opt-out words)",
              })}
            </>
          )}
          {kind !== "coupon" && (
            <Text size="xs" c="dimmed">
              Texting the word records the person's consent to your texts; the first answer carries
              your business name, "Msg & data rates may apply" and HELP/STOP. Opted-out numbers get
              nothing.
            </Text>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {program ? "Save" : "Create"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
