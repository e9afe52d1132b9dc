import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { readableVariables, theme } from "./theme";

export const queryClient = new QueryClient({
  defaultOptions: {
    // Cached data goes stale after 10 minutes (spec doc 1 §7).
    queries: { staleTime: 10 * 60 * 1000, refetchOnWindowFocus: false, retry: 1 },
  },
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="auto"
      cssVariablesResolver={readableVariables}
    >
      <QueryClientProvider client={queryClient}>
        <Notifications position="top-right" zIndex={1000} limit={4} />
        <LocalizedDates>
          <ModalsProvider>{children}</ModalsProvider>
        </LocalizedDates>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** Mantine's date pickers name months and weekdays in the user's language. */
function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={{ locale: i18n.language }}>{children}</DatesProvider>;
}
