import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import {
  IconAlertTriangle,
  IconChevronRight,
  IconDeviceMobileMessage,
  IconEdit,
  IconPlus,
  IconShieldCheck,
  IconTrash,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { EXTRA_NUMBER_PRICE_CENTS, formatPrice } from "../../../../domain/billing";
import type { DedicatedNumber } from "../../../../domain/numbers.schemas";
import { formatUsNumber } from "../../../../domain/phone";
import { defineList } from "../../../components/list/list-params";
import { ListSearch } from "../../../components/list/list-search";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import { PageHeader } from "../../../components/page-header";
import { useCurrentAccount } from "../../../lib/current-account";
import { useRegistration } from "../api/get-registration";
import { useAllNumbers, useNumbers } from "../api/list-numbers";
import { BuyNumberModal } from "../components/buy-number-modal";
import { NumberStateBadge, NumberTypeBadge, StatusBadge } from "../components/number-badges";
import { ReleaseNumberModal } from "../components/release-number-modal";
import { RenameNumberModal } from "../components/rename-number-modal";
import {
  detailsPath,
  formatCents,
  isTenDlcRegistered,
  monthlyCost,
  tenDlcStatus,
} from "../number-status";

type TypeFilter = "all" | "longCode" | "tollFree";
const TYPES: TypeFilter[] = ["all", "longCode", "tollFree"];
const NUMBERS_LIST = defineList({ filters: { type: "all" } });
const REGISTRATION_PATH = "/number-registration";

/** /dedicated-numbers: the account's numbers; the owner buys, names and releases them. */
export default function DedicatedNumbersPage() {
  const { t } = useTranslation();
  const me = useCurrentAccount();
  const owner = me?.superUser === true;
  const navigate = useNavigate();
  const view = useListState(NUMBERS_LIST, "dn");
  const type = TYPES.find((x) => x === view.filters.type) ?? "all";
  const list = useNumbers({ page: view.page, pageSize: view.pageSize, search: view.query, type });
  // The whole account (for the summary, the buy price and the last-number warning).
  const all = useAllNumbers();
  const registration = useRegistration({ enabled: owner });
  const [buying, setBuying] = useState(false);
  const [renaming, setRenaming] = useState<DedicatedNumber | null>(null);
  const [releasing, setReleasing] = useState<DedicatedNumber | null>(null);

  const everyNumber = all.data?.rows ?? [];
  const accountHasNone = all.isSuccess && all.data.total === 0;
  const monthly = everyNumber.reduce((sum, n) => sum + n.monthlyPriceCents, 0);
  const sendable = everyNumber.filter((n) => n.verified);
  const unverifiedTollFree = everyNumber.filter((n) => n.tollFree && !n.verified);
  const hasLongCode = everyNumber.some((n) => !n.tollFree);
  const needsRegistration =
    owner && hasLongCode && registration.isSuccess && !isTenDlcRegistered(registration.data);

  const openBuy = () => setBuying(true);

  return (
    <>
      <PageHeader
        title={t("Dedicated Numbers")}
        description={t(
          "The numbers your texts are sent from and replies come to. Your plan includes one number; each extra number costs {{price}} per month.",
          { price: formatPrice(EXTRA_NUMBER_PRICE_CENTS) },
        )}
        actions={
          owner && (
            <>
              <Button
                variant="default"
                leftSection={<IconShieldCheck size={16} />}
                component={Link}
                to={REGISTRATION_PATH}
              >
                {t("Number registration")}
              </Button>
              <Button leftSection={<IconPlus size={16} />} onClick={openBuy}>
                {t("Buy a number")}
              </Button>
            </>
          )
        }
      />
      <Stack gap="md">
        {needsRegistration && (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} />}
            title={t("10DLC registration: {{status}}", {
              status: t(tenDlcStatus(registration.data).label),
            })}
          >
            <Text size="sm">
              {t(tenDlcStatus(registration.data).description)}{" "}
              {t("Until it is approved, links are disabled in messages sent from your long codes.")}{" "}
              <Anchor component={Link} to={REGISTRATION_PATH} size="sm" fw={600}>
                {t("Go to number registration")}
              </Anchor>
            </Text>
          </Alert>
        )}
        {unverifiedTollFree.length > 0 && (
          <Alert
            color="orange"
            icon={<IconAlertTriangle size={18} />}
            title={t("Unverified toll-free")}
          >
            <Text size="sm">
              {t(
                "{{numbers}} are not verified yet: sending from them is limited and links are disabled. Open a number to submit its toll-free verification.",
                {
                  count: unverifiedTollFree.length,
                  numbers: unverifiedTollFree.map((n) => formatUsNumber(n.number)).join(", "),
                },
              )}
            </Text>
          </Alert>
        )}
        <ListTable<DedicatedNumber>
          query={list}
          list={view}
          records={list.data?.rows ?? []}
          total={list.data?.total ?? 0}
          nothingYet={accountHasNone}
          icon={<IconDeviceMobileMessage size={28} />}
          failedTitle={t("Numbers could not be loaded")}
          empty={{
            title: t("No dedicated numbers yet"),
            description: owner
              ? t(
                  "Buy a number to start texting. Your plan includes your first number at no extra cost.",
                )
              : t("Your account has no number to send from yet. Ask the account owner to add one."),
            action: owner ? { label: t("Buy a number"), onClick: openBuy } : undefined,
          }}
          toolbar={
            <Group gap="sm" wrap="wrap">
              <ListSearch
                label={t("Search numbers")}
                placeholder={t("Search by name or number")}
                value={view.query}
                onSearch={view.setQuery}
                w={{ base: "100%", sm: 300 }}
              />
              <SegmentedControl
                value={type}
                onChange={(v) => view.setFilter("type", v)}
                data={[
                  { value: "all", label: t("All", { context: "numbers" }) },
                  { value: "longCode", label: t("Long codes") },
                  { value: "tollFree", label: t("Toll-free") },
                ]}
                aria-label={t("Type of number")}
              />
            </Group>
          }
          onRowClick={(n, event) => {
            // Buttons and links in the row do their own thing.
            if ((event.target as HTMLElement).closest("button, a")) return;
            navigate(detailsPath(n));
          }}
          footer={
            all.data && (
              <Text size="sm" c="dimmed" data-testid="numbers-summary">
                {t("{{count}} numbers", { count: all.data.total })} ·{" "}
                {t("{{n}} ready to send", { count: sendable.length, n: sendable.length })} ·{" "}
                {monthly > 0
                  ? t("{{price}} per month for extra numbers", { price: formatCents(monthly) })
                  : t("no extra monthly charge")}
              </Text>
            )
          }
          columns={[
            {
              accessor: "number",
              title: t("Number"),
              render: (n) => (
                <Stack gap={2}>
                  <Anchor
                    component={Link}
                    to={detailsPath(n)}
                    fw={600}
                    size="sm"
                    c="inherit"
                    style={{ whiteSpace: "nowrap" }}
                  >
                    {formatUsNumber(n.number)}
                  </Anchor>
                  {/* On a phone the other columns are hidden: name and state go here. */}
                  <Group gap={6} hiddenFrom="sm">
                    {n.name && (
                      <Text size="xs" c="dimmed">
                        {n.name}
                      </Text>
                    )}
                    <NumberStateBadge number={n} />
                  </Group>
                </Stack>
              ),
            },
            {
              accessor: "name",
              title: t("Name"),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
              render: (n) =>
                n.name ? (
                  <Text size="sm">{n.name}</Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t("No name")}
                  </Text>
                ),
            },
            {
              accessor: "tollFree",
              title: t("Type"),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
              render: (n) => <NumberTypeBadge number={n} />,
            },
            {
              accessor: "state",
              title: t("State"),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
              render: (n) => <NumberStateBadge number={n} />,
            },
            {
              accessor: "tenDlc",
              title: t("10DLC"),
              hidden: !owner,
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
              render: (n) =>
                n.tollFree ? (
                  <Text size="sm" c="dimmed">
                    {t("Not needed")}
                  </Text>
                ) : registration.data ? (
                  <StatusBadge status={tenDlcStatus(registration.data)} />
                ) : (
                  <Text size="sm" c="dimmed">
                    …
                  </Text>
                ),
            },
            {
              accessor: "monthlyPriceCents",
              title: t("Monthly cost"),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
              render: (n) => (
                <Text size="sm" c={n.monthlyPriceCents ? undefined : "dimmed"}>
                  {monthlyCost(n)}
                </Text>
              ),
            },
            {
              accessor: "actions",
              title: <VisuallyHidden>{t("Actions")}</VisuallyHidden>,
              textAlign: "right",
              width: owner ? 116 : 52,
              render: (n) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {owner && (
                    <>
                      <Tooltip label={t("Rename")} withArrow>
                        <ActionIcon
                          variant="subtle"
                          onClick={() => setRenaming(n)}
                          aria-label={t("Rename {{number}}", { number: formatUsNumber(n.number) })}
                        >
                          <IconEdit size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t("Release")} withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => setReleasing(n)}
                          aria-label={t("Release {{number}}", { number: formatUsNumber(n.number) })}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </>
                  )}
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    component={Link}
                    to={detailsPath(n)}
                    aria-label={t("Details of {{number}}", { number: formatUsNumber(n.number) })}
                  >
                    <IconChevronRight size={18} />
                  </ActionIcon>
                </Group>
              ),
            },
          ]}
        />
      </Stack>
      {owner && (
        <>
          <BuyNumberModal
            opened={buying}
            firstNumber={accountHasNone}
            onClose={() => setBuying(false)}
          />
          <RenameNumberModal number={renaming} onClose={() => setRenaming(null)} />
          <ReleaseNumberModal
            number={releasing}
            lastSendingNumber={sendable.length === 1 && sendable[0]?.id === releasing?.id}
            onClose={() => setReleasing(null)}
          />
        </>
      )}
    </>
  );
}
