import { describe, expect, it } from "vitest";
import { clientRows } from "./client-rows";
import { defineList, isFiltered, readListView, writeListView } from "./list-params";

const LIST = defineList({
  filters: { status: "", kind: "all" },
  sort: { columns: ["name", "date"], column: "date", direction: "desc" },
});
const KEYS = defineList({ prefix: "keys.", filters: { status: "" } });

const url = (s: string) => new URLSearchParams(s);

describe("a list's view in the address", () => {
  it("reads the defaults from an empty address", () => {
    expect(readListView(url(""), LIST)).toEqual({
      query: "",
      filters: { status: "", kind: "all" },
      multi: {},
      sort: "date",
      direction: "desc",
      page: 1,
      pageSize: null,
    });
  });

  it("round-trips search, filters, sort, page and page size", () => {
    const written = writeListView(
      url(""),
      {
        query: " pizza ",
        filters: { status: "active", kind: "mms" },
        sort: "name",
        direction: "asc",
        pageSize: 50,
        page: 3,
      },
      LIST,
    );
    expect(written.toString()).toBe(
      "q=pizza&status=active&kind=mms&sort=name&dir=asc&size=50&page=3",
    );
    expect(readListView(url(written.toString()), LIST)).toEqual({
      query: "pizza",
      filters: { status: "active", kind: "mms" },
      multi: {},
      sort: "name",
      direction: "asc",
      page: 3,
      pageSize: 50,
    });
  });

  it("leaves defaults out, so the plain list has a plain address", () => {
    const back = writeListView(
      url("q=a&status=x&sort=name&dir=asc&page=2"),
      { query: "", filters: { status: "" }, sort: "date", direction: "desc" },
      LIST,
    );
    expect(back.toString()).toBe("");
  });

  it("goes back to page 1 when the rows change, and not when only the page does", () => {
    const at3 = url("q=a&page=3");
    expect(writeListView(at3, { query: "b" }, LIST).get("page")).toBeNull();
    expect(writeListView(at3, { filters: { status: "x" } }, LIST).get("page")).toBeNull();
    expect(writeListView(at3, { sort: "name" }, LIST).get("page")).toBeNull();
    expect(writeListView(at3, { pageSize: 10 }, LIST).get("page")).toBeNull();
    expect(writeListView(at3, { page: 4 }, LIST).toString()).toBe("q=a&page=4");
    expect(writeListView(at3, { page: 1 }, LIST).toString()).toBe("q=a");
  });

  it("keeps the page's other parameters (an open record, a tab)", () => {
    const next = writeListView(url("tab=keys&subscriber=12"), { query: "x" }, LIST);
    expect(next.toString()).toBe("tab=keys&subscriber=12&q=x");
  });

  it("reads anything malformed as the default", () => {
    const view = readListView(url("page=-2&size=13&sort=drop&dir=up&status=x"), LIST);
    expect(view).toMatchObject({ page: 1, pageSize: null, sort: "date", direction: "desc" });
    expect(view.filters.status).toBe("x");
    expect(readListView(url("page=2.5"), LIST).page).toBe(1);
  });

  it("ignores filters the list does not have", () => {
    expect(writeListView(url(""), { filters: { nope: "1" } as never }, LIST).toString()).toBe("");
  });

  it("keeps two lists of one page apart with a prefix", () => {
    const both = writeListView(url("q=groups"), { query: "api", page: 2 }, KEYS);
    expect(both.toString()).toBe("q=groups&keys.q=api&keys.page=2");
    expect(readListView(both, KEYS).query).toBe("api");
    expect(readListView(both, LIST).query).toBe("groups");
  });

  it("says whether a search or filter narrows the rows", () => {
    expect(isFiltered(readListView(url("sort=name&page=2"), LIST), LIST)).toBe(false);
    expect(isFiltered(readListView(url("q=x"), LIST), LIST)).toBe(true);
    expect(isFiltered(readListView(url("kind=mms"), LIST), LIST)).toBe(true);
  });

  it("refuses a filter named like one of the list's own parameters", () => {
    expect(() => defineList({ filters: { page: "" } })).toThrow(/page/);
    expect(() => defineList({ multi: ["sort"] })).toThrow(/sort/);
    expect(() => defineList({ filters: { tag: "" }, multi: ["tag"] })).toThrow(/twice/);
  });
});

describe("a filter with several values (a repeated key)", () => {
  const TAGS = defineList({ filters: { status: "" }, multi: ["tag"] });
  const PREFIXED = defineList({ prefix: "m.", multi: ["tag"] });

  it("reads every value of the repeated key, in order, blanks left out", () => {
    const view = readListView(url("tag=b&status=x&tag=&tag=a"), TAGS);
    expect(view.multi).toEqual({ tag: ["b", "a"] });
    expect(view.filters.status).toBe("x");
    expect(readListView(url(""), TAGS).multi).toEqual({ tag: [] });
  });

  it("writes each value under the same key and keeps the rest of the address", () => {
    const next = writeListView(
      url("tag=old&subscriber=4&page=3"),
      { multi: { tag: ["a", "b"] } },
      TAGS,
    );
    expect(next.toString()).toBe("subscriber=4&tag=a&tag=b");
    expect(next.getAll("tag")).toEqual(["a", "b"]);
  });

  it("leaves the address when emptied, and goes back to page 1", () => {
    expect(writeListView(url("tag=a&tag=b&page=2"), { multi: { tag: [] } }, TAGS).toString()).toBe(
      "",
    );
  });

  it("leaves alone what the change does not name", () => {
    const next = writeListView(url("tag=a"), { filters: { status: "x" } }, TAGS);
    expect(next.toString()).toBe("tag=a&status=x");
  });

  it("ignores a repeated filter the list does not have, and honours the prefix", () => {
    expect(writeListView(url(""), { multi: { nope: ["1"] } as never }, TAGS).toString()).toBe("");
    const next = writeListView(url("tag=z"), { multi: { tag: ["a", "b"] } }, PREFIXED);
    expect(next.toString()).toBe("tag=z&m.tag=a&m.tag=b");
    expect(readListView(next, PREFIXED).multi.tag).toEqual(["a", "b"]);
  });

  it("counts as narrowing the rows when it holds a value", () => {
    expect(isFiltered(readListView(url("tag=a"), TAGS), TAGS)).toBe(true);
    expect(isFiltered(readListView(url("tag="), TAGS), TAGS)).toBe(false);
  });
});

describe("a whole list paged in the browser", () => {
  const rows = [
    { id: 1, name: "Zoë", sends: 3 },
    { id: 2, name: "adam", sends: 10 },
    { id: 3, name: "Éric", sends: null },
    { id: 4, name: "bea", sends: 1 },
  ];
  const view = { query: "", sort: null, direction: "asc" as const, page: 1, pageSize: 10 };
  const how = {
    text: (r: (typeof rows)[number]) => r.name,
    sortValue: {
      name: (r: (typeof rows)[number]) => r.name,
      sends: (r: (typeof rows)[number]) => r.sends,
    },
  };

  it("searches ignoring case and accents", () => {
    expect(clientRows(rows, { ...view, query: "eric" }, how).rows.map((r) => r.id)).toEqual([3]);
    expect(clientRows(rows, { ...view, query: "ZOE" }, how).total).toBe(1);
  });

  it("sorts by text and number, blanks last", () => {
    const byName = clientRows(rows, { ...view, sort: "name" }, how).rows.map((r) => r.name);
    expect(byName).toEqual(["adam", "bea", "Éric", "Zoë"]);
    const bySends = clientRows(rows, { ...view, sort: "sends", direction: "desc" }, how);
    expect(bySends.rows.map((r) => r.id)).toEqual([2, 1, 4, 3]);
  });

  it("keeps the server's order without a sort, and pages", () => {
    const p2 = clientRows(rows, { ...view, page: 2, pageSize: 3 } as never, how);
    expect(p2).toEqual({ rows: [rows[3]], total: 4 });
    expect(clientRows(rows, { ...view, page: 9, pageSize: 3 } as never, how).rows).toEqual([]);
  });
});
