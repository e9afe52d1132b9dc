import { Alert, Button, Group, PinInput, Stack, Text } from "@mantine/core";
import { IconDeviceMobileMessage } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { registrationStatusKey, useRegistrationStatus } from "../api/registration-status";

/**
 * A sole proprietor's brand waiting for its mobile number: the registry texted it (Twilio asks for
 * a YES reply, Telnyx for the PIN typed here). Says so, and offers a new text.
 */
export function BrandVerification() {
  const { t } = useTranslation();
  const status = useRegistrationStatus().data;
  const client = useQueryClient();
  const [pin, setPin] = useState("");
  const refresh = () => client.invalidateQueries({ queryKey: registrationStatusKey });
  const resend = useMutation({
    mutationFn: () => api.post("/api/registrations/brand/verification-text", {}),
    onSuccess: () => notify.success(t("Sent: check the mobile number on your brand.")),
  });
  const verify = useMutation({
    mutationFn: () => api.post("/api/registrations/brand/verification-pin", { pin }),
    onSuccess: () => {
      setPin("");
      notify.success(t("Your brand is verified."));
      return refresh();
    },
  });
  const waitingFor = status?.brand.waitingFor;
  if (!waitingFor) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconDeviceMobileMessage size={18} />}
      title={t("Verify the mobile number on your brand")}
      mb="sm"
      data-testid="brand-verification"
    >
      <Stack gap="sm">
        {waitingFor === "mobile_reply" ? (
          <Text size="sm">
            {t(
              "The registry texted the mobile number on your brand. Reply YES to that text within 24 hours: your brand is approved once it is verified.",
            )}
          </Text>
        ) : (
          <>
            <Text size="sm">
              {t(
                "The registry texted a PIN to the mobile number on your brand. Type it here within 24 hours.",
              )}
            </Text>
            <Group gap="sm" wrap="wrap">
              <PinInput
                length={6}
                type="number"
                oneTimeCode
                value={pin}
                onChange={setPin}
                aria-label={t("PIN from the text")}
              />
              <Button
                onClick={() => verify.mutate()}
                loading={verify.isPending}
                disabled={pin.length < 4}
              >
                {t("Verify")}
              </Button>
            </Group>
          </>
        )}
        <Group>
          <Button
            variant="default"
            size="xs"
            onClick={() => resend.mutate()}
            loading={resend.isPending}
          >
            {t("Text it again")}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
