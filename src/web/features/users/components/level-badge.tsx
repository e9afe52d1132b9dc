import { Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PERMISSION_LABEL, type PermissionLevel } from "../../../../domain/permissions";

const COLOR: Record<number, string> = { 0: "gray", 1: "blue", 2: "violet", 3: "orange" };

export function LevelBadge({ level }: { level: number }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLOR[level] ?? "gray"}>
      {PERMISSION_LABEL[level as PermissionLevel]
        ? t(PERMISSION_LABEL[level as PermissionLevel])
        : t("Level {{level}}", { level })}
    </Badge>
  );
}
