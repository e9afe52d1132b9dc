import { useEffect } from "react";
import { pageTitle } from "../../domain/texts";

/** Sets '{title} | Parley' and whether search engines may index the page (only login may). */
export function usePageMeta(title: string, opts: { indexable?: boolean } = {}) {
  const indexable = opts.indexable ?? false;
  useEffect(() => {
    document.title = pageTitle(title);
    let robots = document.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (!robots) {
      robots = document.createElement("meta");
      robots.name = "robots";
      document.head.append(robots);
    }
    robots.content = indexable ? "index, follow" : "noindex";
  }, [title, indexable]);
}
