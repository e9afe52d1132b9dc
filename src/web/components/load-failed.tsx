import type { ReactNode } from "react";
import { EmptyState } from "./empty-state";

/** A list or record that failed to load: what failed, the reason, and a way to try again. */
export function LoadFailed(props: {
  icon: ReactNode;
  title: string;
  query: { error: Error | null; refetch: () => unknown };
}) {
  return (
    <EmptyState
      icon={props.icon}
      title={props.title}
      description={props.query.error?.message}
      action={{ label: "Try again", onClick: () => void props.query.refetch() }}
    />
  );
}
