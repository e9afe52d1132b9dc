import { useEffect } from "react";
import { pageTitle } from "../../domain/texts";

/**
 * Sets '{title} | Parley' and whether search engines may index the page (only login may). A
 * business's public page (sign-up, privacy policy) is titled as the business, not as Parley:
 * `business: true` keeps the title as given.
 */
export function usePageMeta(title: string, opts: { indexable?: boolean; business?: boolean } = {}) {
  const indexable = opts.indexable ?? false;
  const business = opts.business ?? false;
  useEffect(() => {
    if (business && !title) return;
    document.title = business ? title : pageTitle(title);
    let robots = document.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (!robots) {
      robots = document.createElement("meta");
      robots.name = "robots";
      document.head.append(robots);
    }
    robots.content = indexable ? "index, follow" : "noindex";
  }, [title, indexable, business]);
}
