import { Skeleton } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TEMPLATE_TEXTS } from "../../../../domain/templates";
import { EmptyState } from "../../../components/empty-state";
import { useContentStatus } from "../../../components/message-tools/api";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";

/** Controlled templates exist for parent and child accounts only; children only read them. */
export function ControlledGate(props: { children: ReactNode; parentOnly?: boolean }) {
  const { t } = useTranslation();
  const status = useContentStatus();
  if (status.isLoading) return <Skeleton height={320} radius="lg" />;
  const role = status.data?.controlledTemplates ?? "none";
  if (role === "none" || (props.parentOnly && role !== "parent")) {
    return (
      <>
        <PageHeader title={t("Controlled Templates")} />
        <EmptyState
          icon={<IconLock size={28} />}
          title={translateMessage(
            role === "none" ? TEMPLATE_TEXTS.controlledOnly : TEMPLATE_TEXTS.controlledReadOnly,
          )}
          description={t(
            "Parent accounts write controlled templates; their child accounts send them as written.",
          )}
        />
      </>
    );
  }
  return <>{props.children}</>;
}
