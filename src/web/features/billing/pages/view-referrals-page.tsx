import { Anchor, Badge, Button, Stack, Text } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ReferralRow } from "../../../../domain/billing.schemas";
import { clientRows } from "../../../components/list/client-rows";
import { defineList } from "../../../components/list/list-params";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import { PageHeader } from "../../../components/page-header";
import { tk } from "../../../i18n";
import { useAccountTimeZone } from "../../../lib/format-date-time";
import { useReferralList } from "../api/billing";
import { formatDay } from "../components/billing-bits";
import { TestPaymentsNotice } from "../components/test-payments";

const STATUS: Record<ReferralRow["status"], { label: string; color: string }> = {
  signed_up: { label: tk("Signed up"), color: "blue" },
  credited: { label: tk("Paid: credited"), color: "teal" },
  removed: { label: tk("Account closed"), color: "gray" },
};

const REFERRALS_LIST = defineList({});

/** /billing/refer/view-referrals: who signed up through the link, and who has paid. */
export default function ViewReferralsPage() {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const view = useListState(REFERRALS_LIST, "local:referrals");
  const list = useReferralList();
  const { rows, total } = clientRows(list.data?.rows ?? [], view);
  return (
    <Stack gap="lg" maw={1000}>
      <PageHeader
        title={t("Your Referrals")}
        actions={
          <Button component={Link} to="/billing/refer" variant="light">
            {t("Your Referral Link")}
          </Button>
        }
      />
      <TestPaymentsNotice />
      <ListTable<ReferralRow>
        frame="bare"
        query={list}
        list={view}
        records={rows}
        total={total}
        pagerWhenLong
        icon={<IconUsers size={28} />}
        failedTitle={t("Your referrals could not be loaded")}
        empty={{
          title: t("No referrals yet"),
          description: (
            <Trans
              t={t}
              i18nKey="Businesses that sign up through <0>your link</0> show up here."
              components={[<Anchor key="link" component={Link} inherit to="/billing/refer" />]}
            />
          ),
        }}
        rowAttributes={() => ({ "data-testid": "referral-row" })}
        columns={[
          {
            accessor: "business",
            title: t("Business"),
            render: (r) => (
              <Text size="sm" fw={600}>
                {r.business}
              </Text>
            ),
          },
          {
            accessor: "signedUpAt",
            title: t("Signed up"),
            noWrap: true,
            render: (r) => formatDay(r.signedUpAt, timeZone),
          },
          {
            accessor: "status",
            title: t("Status"),
            render: (r) => (
              <Badge variant="light" color={STATUS[r.status].color}>
                {t(STATUS[r.status].label)}
              </Badge>
            ),
          },
          {
            accessor: "credits",
            title: t("Credits earned"),
            textAlign: "right",
            render: (r) => r.credits.toLocaleString("en-US"),
          },
        ]}
      />
    </Stack>
  );
}
