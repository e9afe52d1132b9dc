import { Box, Button, Paper, Text } from "@mantine/core";
import { IconDeviceMobileMessage, IconMessagePlus, IconPlugConnected } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { toE164 } from "../../../../domain/phone";
import { EmptyState } from "../../../components/empty-state";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";
import { useCurrentAccount } from "../../../lib/current-account";
import { useAccountNumbers } from "../api/list-account-numbers";
import { useVirtualPhones } from "../api/list-phones";
import { NewTextModal } from "../components/new-text-modal";
import { PhoneList } from "../components/phone-list";
import { PhoneThread } from "../components/phone-thread";
import classes from "../components/virtual-phones.module.css";

/**
 * /virtual-phones: the carrier emulator's phones. Each outside number the account texted shows
 * what it received; texting back goes through the inbound webhook like a real reply.
 */
export default function VirtualPhonesPage() {
  const { t } = useTranslation();
  const me = useCurrentAccount();
  const emulated = me?.carrierEmulator === true;
  const [params, setParams] = useSearchParams();
  // Only a real phone number is asked about (a mistyped link would be refused by the server).
  const selected = toE164(params.get("phone") ?? "");
  const phones = useVirtualPhones({ enabled: emulated });
  const numbers = useAccountNumbers({ enabled: emulated });
  const [composing, setComposing] = useState(false);
  const accountNumbers = numbers.data?.rows ?? [];

  const select = (phone: string | null) =>
    setParams(phone ? { phone } : {}, { replace: selected !== null && phone !== null });

  if (me && !emulated) {
    return (
      <Paper withBorder radius="lg">
        <EmptyState
          icon={<IconPlugConnected size={28} />}
          title={t("Virtual phones are off")}
          description={t(
            "This server sends through a real carrier, so your texts reach real phones. Virtual phones belong to the built-in carrier emulator, used when no carrier is configured.",
          )}
        />
      </Paper>
    );
  }

  const rows = phones.data?.rows;
  return (
    <>
      {/* On a phone an open thread takes the whole screen; its back button returns to the list. */}
      <Box visibleFrom={selected ? "sm" : undefined}>
        <PageHeader
          title={t("Virtual Phones")}
          description={t(
            "The built-in carrier emulator delivers your texts to these phones. Open one to see exactly what arrived, and text back as the subscriber: replies reach your account through the same webhook a real carrier uses, so STOP really opts the number out.",
          )}
          actions={
            <Button
              leftSection={<IconMessagePlus size={16} />}
              onClick={() => setComposing(true)}
              disabled={numbers.isSuccess && accountNumbers.length === 0}
            >
              {t("Text from a new phone")}
            </Button>
          }
        />
      </Box>
      {phones.isError ? (
        <Paper withBorder radius="lg">
          <EmptyState
            icon={<IconDeviceMobileMessage size={28} />}
            title={t("Virtual phones could not be loaded")}
            description={translateMessage(phones.error.message)}
            action={{ label: t("Try again"), onClick: () => void phones.refetch() }}
          />
        </Paper>
      ) : rows && rows.length === 0 && !selected ? (
        <Paper withBorder radius="lg">
          <EmptyState
            icon={<IconDeviceMobileMessage size={28} />}
            title={t("No virtual phones yet")}
            description={
              accountNumbers.length === 0 && numbers.isSuccess
                ? t(
                    "Your account has no number yet. Buy one on Dedicated Numbers, then text it from here.",
                  )
                : t(
                    "When your account texts someone, their phone appears here. You can also text one of your numbers from a new phone, e.g. a keyword like JOIN.",
                  )
            }
            action={
              accountNumbers.length > 0
                ? { label: t("Text from a new phone"), onClick: () => setComposing(true) }
                : undefined
            }
          />
        </Paper>
      ) : (
        <div className={classes.layout} data-open={selected !== null}>
          <div className={classes.listPane}>
            <PhoneList phones={rows} selected={selected} onSelect={select} />
          </div>
          <div className={classes.threadPane}>
            {selected ? (
              <PhoneThread
                key={selected}
                phone={selected}
                numbers={accountNumbers}
                onBack={() => select(null)}
              />
            ) : (
              <Paper withBorder radius="lg" p="xl" w="100%" visibleFrom="sm">
                <Text c="dimmed" ta="center" size="sm">
                  {t("Choose a phone to open its messages.")}
                </Text>
              </Paper>
            )}
          </div>
        </div>
      )}
      <NewTextModal
        opened={composing}
        numbers={accountNumbers}
        onClose={() => setComposing(false)}
        onSent={(phone) => {
          setComposing(false);
          select(phone);
        }}
      />
    </>
  );
}
