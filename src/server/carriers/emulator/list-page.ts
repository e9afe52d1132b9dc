/**
 * Twilio's list paging (2010-04-01): `PageSize` and `Page`, plus the `PageToken` Twilio adds to
 * its next/previous URIs. The SDK follows `next_page_uri` verbatim, so the filters are carried in
 * it; the token here is just the page's offset ("PA<offset>").
 */
export interface ListPaging {
  page: number;
  pageSize: number;
  offset: number;
}

const MAX_PAGE_SIZE = 1000;

export function pagingOf(query: Record<string, string | string[] | undefined>): ListPaging {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";
  const size = Math.trunc(Number(one(query.PageSize) || 50));
  const pageSize = Number.isFinite(size) ? Math.min(Math.max(size, 1), MAX_PAGE_SIZE) : 50;
  const pageNo = Math.trunc(Number(one(query.Page) || 0));
  const page = Number.isFinite(pageNo) && pageNo > 0 ? Math.min(pageNo, 1_000_000) : 0;
  const token = /^PA(\d{1,9})$/.exec(one(query.PageToken));
  const offset = token ? Number(token[1]) : page * pageSize;
  return { page, pageSize, offset };
}

/**
 * The envelope around one page. `rows` was fetched with one extra row (pageSize + 1) so the
 * presence of a next page is known without a count.
 */
export function listEnvelope<T>(
  key: string,
  uri: string,
  filters: Record<string, string | undefined>,
  paging: ListPaging,
  rows: T[],
) {
  const hasNext = rows.length > paging.pageSize;
  const items = rows.slice(0, paging.pageSize);
  const pageUri = (page: number, offset: number | null) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
    params.set("PageSize", String(paging.pageSize));
    params.set("Page", String(page));
    if (offset !== null) params.set("PageToken", `PA${offset}`);
    return `${uri}?${params}`;
  };
  return {
    [key]: items,
    first_page_uri: pageUri(0, null),
    next_page_uri: hasNext ? pageUri(paging.page + 1, paging.offset + paging.pageSize) : null,
    previous_page_uri:
      paging.page > 0
        ? pageUri(paging.page - 1, Math.max(paging.offset - paging.pageSize, 0))
        : null,
    page: paging.page,
    page_size: paging.pageSize,
    start: paging.offset,
    end: paging.offset + Math.max(items.length - 1, 0),
    uri: pageUri(paging.page, paging.page > 0 ? paging.offset : null),
  };
}
