import { Skeleton } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { TEMPLATE_TEXTS } from "../../../../domain/templates";
import { EmptyState } from "../../../components/empty-state";
import { useContentStatus } from "../../../components/message-tools/api";
import { PageHeader } from "../../../components/page-header";

/** Controlled templates exist for parent and child accounts only; children only read them. */
export function ControlledGate(props: { children: ReactNode; parentOnly?: boolean }) {
  const status = useContentStatus();
  if (status.isLoading) return <Skeleton height={320} radius="lg" />;
  const role = status.data?.controlledTemplates ?? "none";
  if (role === "none" || (props.parentOnly && role !== "parent")) {
    return (
      <>
        <PageHeader title="Controlled Templates" />
        <EmptyState
          icon={<IconLock size={28} />}
          title={
            role === "none" ? TEMPLATE_TEXTS.controlledOnly : TEMPLATE_TEXTS.controlledReadOnly
          }
          description="Parent accounts write controlled templates; their child accounts send them as written."
        />
      </>
    );
  }
  return <>{props.children}</>;
}
