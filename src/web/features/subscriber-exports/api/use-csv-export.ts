import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type SubscriberExport, subscriberExport } from "../../../../domain/exports.schemas";
import { i18n, translateMessage } from "../../../i18n";
import { api } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { exportsKey, isExportActive } from "./list-exports";

/** How long the button waits for a small export before leaving it to Export History. */
const WAIT_POLLS = 8;
const POLL_MS = 500;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function download(url: string) {
  const a = document.createElement("a");
  a.href = url;
  a.download = "";
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * A CSV export button's action: POST `url` starts the export job (listed in Export History);
 * a file written within about four seconds downloads at once, a longer one is left to Export
 * History with a toast saying so.
 */
export function useCsvExport() {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function start(url: string) {
    setBusy(true);
    try {
      let job: SubscriberExport = await api.post(url, undefined, { schema: subscriberExport });
      for (let i = 0; i < WAIT_POLLS && isExportActive(job.status); i++) {
        await pause(POLL_MS);
        job = await api.get(`/api/subscribers/exports/${job.id}`, {
          schema: subscriberExport,
          toast: true,
        });
      }
      void client.invalidateQueries({ queryKey: exportsKey });
      if (job.status === "finished" && job.downloadUrl) download(job.downloadUrl);
      else if (job.status === "failed")
        notify.error(job.error ? translateMessage(job.error) : i18n.t("The export failed."));
      else
        notify.info(
          i18n.t(
            "It is listed in Export History (Reports → Exports), where it downloads once written.",
          ),
          i18n.t("Export started"),
        );
    } catch {
      // The API client has shown the error.
    } finally {
      setBusy(false);
    }
  }
  return { start, busy };
}
