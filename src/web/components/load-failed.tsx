import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../i18n";
import { EmptyState } from "./empty-state";

/** A list or record that failed to load: what failed, the reason, and a way to try again. */
export function LoadFailed(props: {
  icon: ReactNode;
  title: string;
  query: { error: Error | null; refetch: () => unknown };
}) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={props.icon}
      title={props.title}
      description={props.query.error && translateMessage(props.query.error.message)}
      action={{ label: t("Try again"), onClick: () => void props.query.refetch() }}
    />
  );
}
