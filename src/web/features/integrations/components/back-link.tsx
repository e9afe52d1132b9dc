import { Anchor, Group } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function BackToIntegrations() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/addons/integrations" size="sm" mb="xs" display="inline-block">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} /> {t("All integrations")}
      </Group>
    </Anchor>
  );
}
