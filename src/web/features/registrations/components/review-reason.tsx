import { Alert } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../../i18n";
import { useRegistrationStatus } from "../api/registration-status";

/** Why the registry rejected a toll-free verification (shown beside the form to correct). */
export function TollFreeReviewReason({ phoneNumberId }: { phoneNumberId: number }) {
  const { t } = useTranslation();
  const status = useRegistrationStatus();
  const review = status.data?.tollFree.find((t) => t.phoneNumberId === phoneNumberId);
  if (review?.status !== "rejected" || !review.reason) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconInfoCircle size={18} />}
      title={t("Why it was rejected")}
      mb="sm"
      data-testid="tf-rejection-reason"
    >
      {translateMessage(review.reason)}
    </Alert>
  );
}
