import { Badge } from "@mantine/core";
import { PERMISSION_LABEL, type PermissionLevel } from "../../../../domain/permissions";

const COLOR: Record<number, string> = { 0: "gray", 1: "blue", 2: "violet", 3: "orange" };

export function LevelBadge({ level }: { level: number }) {
  return (
    <Badge variant="light" color={COLOR[level] ?? "gray"}>
      {PERMISSION_LABEL[level as PermissionLevel] ?? `Level ${level}`}
    </Badge>
  );
}
