/**
 * The help articles and blog posts shipped with the app: markdown files in ../content with a
 * small front matter (title, summary, kind: help | blog, date).
 */
export interface Article {
  slug: string;
  title: string;
  summary: string;
  kind: "help" | "blog";
  date: string;
  body: string;
}

const files = import.meta.glob("../content/*.md", {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

function parse(path: string, raw: string): Article {
  const slug = path.replace(/^.*\/|\.md$/g, "");
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(raw);
  const meta: Record<string, string> = {};
  for (const line of (m?.[1] ?? "").split("\n")) {
    const at = line.indexOf(":");
    if (at > 0) meta[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return {
    slug,
    title: meta.title ?? slug,
    summary: meta.summary ?? "",
    kind: meta.kind === "blog" ? "blog" : "help",
    date: meta.date ?? "",
    body: (m?.[2] ?? raw).trim(),
  };
}

export const ARTICLES: Article[] = Object.entries(files)
  .map(([path, raw]) => parse(path, raw))
  .sort((a, b) =>
    a.kind === "blog" ? b.date.localeCompare(a.date) : a.title.localeCompare(b.title),
  );

/** Articles matching every word of the query, title matches first. */
export function searchArticles(query: string, kind: Article["kind"] = "help"): Article[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const pool = ARTICLES.filter((a) => a.kind === kind);
  if (words.length === 0) return pool;
  return pool
    .map((a) => {
      const title = a.title.toLowerCase();
      const all = `${title} ${a.summary.toLowerCase()} ${a.body.toLowerCase()}`;
      if (!words.every((w) => all.includes(w))) return null;
      return { a, score: words.filter((w) => title.includes(w)).length };
    })
    .filter((x): x is { a: Article; score: number } => x !== null)
    .sort((x, y) => y.score - x.score)
    .map((x) => x.a);
}
