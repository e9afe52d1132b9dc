import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Radio,
  ScrollArea,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { IconArrowLeft, IconInfoCircle, IconSearch } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { type FormEvent, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { z } from "zod";
import { EXTRA_NUMBER_PRICE_CENTS } from "../../../../domain/billing";
import type { availableNumber } from "../../../../domain/numbers.schemas";
import { formatUsNumber, TOLL_FREE_AREA_CODES } from "../../../../domain/phone";
import { translateMessage } from "../../../i18n";
import { notify } from "../../../lib/notify";
import { useBillingSummary } from "../../billing/api/billing";
import { useBuyNumber } from "../api/buy-number";
import { type AvailableSearch, useAvailableNumbers } from "../api/search-available";
import { formatCents } from "../number-status";

type Available = z.infer<typeof availableNumber>;

/** Each number beyond the one included with the plan (spec doc 1 §1), as the server charges it. */
const EXTRA_NUMBER_CENTS = EXTRA_NUMBER_PRICE_CENTS;

/**
 * Buying a number: search the carrier's stock by area code (or toll-free prefix), pick one,
 * name it, agree to its monthly price, buy.
 */
export function BuyNumberModal(props: {
  opened: boolean;
  /** The account has no live number yet: the first one is included with the plan. */
  firstNumber: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<"local" | "tollFree">("local");
  const [areaCode, setAreaCode] = useState("");
  const [prefix, setPrefix] = useState<string | null>(null);
  const [areaError, setAreaError] = useState<string | null>(null);
  const [search, setSearch] = useState<AvailableSearch | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const [step, setStep] = useState<"search" | "confirm">("search");
  const [name, setName] = useState("");
  const [agreed, setAgreed] = useState(false);
  const available = useAvailableNumbers(search);
  const buy = useBuyNumber();
  const price = props.firstNumber ? 0 : EXTRA_NUMBER_CENTS;
  // What an extra number costs now (prorated inside a paid period; nothing on a trial).
  const billing = useBillingSummary({ enabled: props.opened && price > 0 });
  const dueNow =
    price === 0 ? 0 : billing.data ? (billing.data.addonsDueNow?.extraNumberCents ?? 0) : undefined;
  const dueUntil = billing.data?.addonsDueNow?.until.slice(0, 10);

  const reset = () => {
    setSearch(null);
    setPicked(null);
    setStep("search");
    setName("");
    setAgreed(false);
    setAreaError(null);
  };
  const close = () => {
    props.onClose();
    reset();
  };

  const runSearch = (event: FormEvent) => {
    event.preventDefault();
    const code = kind === "local" ? areaCode.trim() : (prefix ?? "");
    if (kind === "local" && code && !/^\d{3}$/.test(code)) {
      setAreaError(t("Enter a 3-digit area code"));
      return;
    }
    setAreaError(null);
    setPicked(null);
    setSearch({ tollFree: kind === "tollFree", areaCode: code || undefined });
  };

  const choice = available.data?.rows.find((r) => r.number === picked);

  const confirmBuy = () => {
    if (!choice) return;
    buy.mutate(
      { number: choice.number, name: name.trim(), amountCents: dueNow },
      {
        onSuccess: (bought) => {
          notify.success(t("{{number}} is now yours", { number: formatUsNumber(bought.number) }));
          close();
        },
        // "Just taken" and carrier outages: back to the list, which is searched again.
        onError: () => {
          setStep("search");
          setPicked(null);
          void available.refetch();
        },
      },
    );
  };

  return (
    <Modal opened={props.opened} onClose={close} title={t("Buy a number")} size="lg">
      {step === "search" ? (
        <Stack>
          <form onSubmit={runSearch} noValidate>
            <Stack gap="sm">
              <SegmentedControl
                value={kind}
                onChange={(v) => {
                  setKind(v as "local" | "tollFree");
                  setSearch(null);
                  setPicked(null);
                }}
                data={[
                  { value: "local", label: t("Local (long code)") },
                  { value: "tollFree", label: t("Toll-free") },
                ]}
                aria-label={t("Kind of number")}
              />
              <Group align="flex-start" gap="sm" wrap="nowrap">
                {kind === "local" ? (
                  <TextInput
                    label={t("Area code")}
                    placeholder={t("e.g. 415")}
                    description={t("Leave empty to see numbers from popular area codes")}
                    value={areaCode}
                    onChange={(e) => {
                      setAreaCode(e.currentTarget.value.replace(/\D/g, "").slice(0, 3));
                      setAreaError(null);
                    }}
                    error={areaError}
                    inputMode="numeric"
                    style={{ flex: 1 }}
                    data-autofocus
                  />
                ) : (
                  <Select
                    label={t("Toll-free prefix")}
                    placeholder={t("Any prefix")}
                    description={t("Toll-free numbers need verification before they send freely")}
                    data={TOLL_FREE_AREA_CODES.map((c) => ({ value: c, label: c }))}
                    value={prefix}
                    onChange={setPrefix}
                    clearable
                    style={{ flex: 1 }}
                  />
                )}
                <Button
                  type="submit"
                  leftSection={<IconSearch size={16} />}
                  mt={25}
                  loading={available.isFetching}
                >
                  {t("Search")}
                </Button>
              </Group>
            </Stack>
          </form>
          <SearchResults search={search} state={available} picked={picked} onPick={setPicked} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t("Cancel")}
            </Button>
            <Button disabled={!choice} onClick={() => setStep("confirm")}>
              {t("Continue")}
            </Button>
          </Group>
        </Stack>
      ) : (
        choice && (
          <Stack>
            <Paper withBorder p="md" radius="md">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t("Your new number")}
              </Text>
              <Text fz={24} fw={700} data-testid="chosen-number">
                {formatUsNumber(choice.number)}
              </Text>
              <Text size="sm" c="dimmed">
                {placeLabel(choice, t)}
              </Text>
            </Paper>
            <TextInput
              label={t("Name (optional)")}
              placeholder={t("e.g. Front desk")}
              description={t("Shown next to the number wherever you pick one to send from")}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={60}
            />
            {price > 0 ? (
              <Alert color="brand" icon={<IconInfoCircle size={18} />} p="sm">
                <Text size="sm">
                  <Trans
                    t={t}
                    i18nKey="This number costs <0>{{price}} per month</0>, billed with your subscription from today until you release it: on a paid plan the rest of this month is charged now, prorated, then {{price}} with each renewal."
                    values={{ price: formatCents(price) }}
                    components={[<b key="price" />]}
                  />
                </Text>
                {dueNow !== undefined && (
                  <Text size="sm" mt={6} data-testid="charged-now">
                    {dueNow > 0 && dueUntil ? (
                      <Trans
                        t={t}
                        i18nKey="Charged now: <0>{{amount}}</0> (the rest of your paid period, to {{date}})"
                        values={{ amount: formatCents(dueNow), date: dueUntil }}
                        components={[<b key="amount" />]}
                      />
                    ) : (
                      <Trans
                        t={t}
                        i18nKey="Charged now: <0>{{amount}}</0> (on your trial it starts with your first plan payment)"
                        values={{ amount: formatCents(dueNow) }}
                        components={[<b key="amount" />]}
                      />
                    )}
                  </Text>
                )}
              </Alert>
            ) : (
              <Alert color="teal" icon={<IconInfoCircle size={18} />} p="sm">
                <Text size="sm">
                  {t(
                    "Your plan includes one number: this one has no extra charge. Each further number costs {{price}} per month.",
                    { price: formatCents(EXTRA_NUMBER_CENTS) },
                  )}
                </Text>
              </Alert>
            )}
            {price > 0 && (
              <Checkbox
                label={t("I agree to pay {{price}} per month for this number", {
                  price: formatCents(price),
                })}
                checked={agreed}
                onChange={(e) => setAgreed(e.currentTarget.checked)}
              />
            )}
            <Group justify="space-between">
              <Button
                variant="subtle"
                leftSection={<IconArrowLeft size={16} />}
                onClick={() => setStep("search")}
              >
                {t("Back")}
              </Button>
              <Button onClick={confirmBuy} loading={buy.isPending} disabled={price > 0 && !agreed}>
                {price > 0
                  ? t("Buy for {{price}}/month", { price: formatCents(price) })
                  : t("Buy number")}
              </Button>
            </Group>
          </Stack>
        )
      )}
    </Modal>
  );
}

function placeLabel(n: Available, t: TFunction): string {
  if (n.tollFree) return t("Toll-free, reachable from anywhere in the US");
  return [n.locality, n.region].filter(Boolean).join(", ") || t("United States");
}

function SearchResults(props: {
  search: AvailableSearch | null;
  state: ReturnType<typeof useAvailableNumbers>;
  picked: string | null;
  onPick: (n: string) => void;
}) {
  const { t } = useTranslation();
  const { search, state } = props;
  if (!search) {
    return (
      <Text size="sm" c="dimmed">
        {t("Search to see the numbers the carrier has available.")}
      </Text>
    );
  }
  if (state.isPending) {
    return (
      <Stack gap={8} aria-busy="true" aria-label={t("Searching numbers")}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={44} radius="md" />
        ))}
      </Stack>
    );
  }
  if (state.isError) {
    return (
      <Alert color="red" title={t("The search did not work")}>
        {translateMessage(state.error.message)}
      </Alert>
    );
  }
  if (state.data.rows.length === 0) {
    return (
      <Alert color="gray" title={t("No numbers available")}>
        {search.areaCode
          ? search.tollFree
            ? t(
                "The carrier has no toll-free numbers in {{code}} right now. Try a nearby area code.",
                { code: search.areaCode },
              )
            : t("The carrier has no local numbers in {{code}} right now. Try a nearby area code.", {
                code: search.areaCode,
              })
          : t("The carrier has no numbers of this kind right now. Please try again later.")}
      </Alert>
    );
  }
  return (
    <Radio.Group
      value={props.picked}
      onChange={props.onPick}
      label={t("{{n}} numbers available", {
        count: state.data.rows.length,
        n: state.data.rows.length,
      })}
    >
      <ScrollArea.Autosize mah={300} mt="xs" type="auto">
        <Stack gap={6} pr="xs">
          {state.data.rows.map((n) => (
            <Radio.Card
              key={n.number}
              value={n.number}
              radius="md"
              p="sm"
              aria-label={formatUsNumber(n.number)}
              data-testid="available-number"
            >
              <Group wrap="nowrap" gap="sm">
                <Radio.Indicator />
                <div>
                  <Text fw={600} size="sm">
                    {formatUsNumber(n.number)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {placeLabel(n, t)}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Radio.Group>
  );
}
