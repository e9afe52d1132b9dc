import type { ContactCard } from "../../../domain/contact-card.schemas";
import { useContactCardQuery } from "./api";

/**
 * The account's contact card for the composer: `downloadUrl` is the public vCard address the
 * composer attaches as the MMS media URL (null until the card exists).
 */
export function useContactCard(): {
  card: ContactCard | null;
  downloadUrl: string | null;
  isLoading: boolean;
} {
  const q = useContactCardQuery();
  return {
    card: q.data?.card ?? null,
    downloadUrl: q.data?.downloadUrl ?? null,
    isLoading: q.isLoading,
  };
}
