import { Button, Text } from "@mantine/core";
import { IconArrowLeft, IconBuildingSkyscraper } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { AuthOutcome } from "./auth-layout";

/** custom_enterprise: the thank-you screen after an enterprise request (spec doc 3 §2). */
export function EnterpriseThanks({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <AuthOutcome
      testId="enterprise-thanks"
      color="brand"
      icon={<IconBuildingSkyscraper size={30} />}
      title={t("Thank you!")}
    >
      <Text>
        {t(
          "We received your request for a custom enterprise plan. Someone from our team will contact you within one business day to set it up with you.",
        )}
      </Text>
      <Text size="sm" c="dimmed">
        {t("Already have an account? You can log in while you wait.")}
      </Text>
      <Button variant="light" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
        {t("Back to Log In")}
      </Button>
    </AuthOutcome>
  );
}
