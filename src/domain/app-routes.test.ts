import { describe, expect, it } from "vitest";
import { findRoute, routeTitle } from "./app-routes";

describe("routeTitle", () => {
  const title = (path: string, search = "") => routeTitle(findRoute(path)!, search);

  it("names a new record's page as its heading does, and an existing one's as Edit", () => {
    expect(title("/optins/keywords/edit")).toBe("Add Keyword");
    expect(title("/optins/keywords/edit", "?id=3")).toBe("Edit Keyword");
    expect(title("/webinars/edit-event", "?id=")).toBe("New Webinar Event");
    expect(title("/messages/automated-replies/edit-smart-reply")).toBe("Add Automated Reply");
    expect(title("/messages/drip-campaigns/edit", "?id=12")).toBe("Edit Drip Campaign");
    expect(title("/messages/drip-campaigns/edit")).toBe("Create Drip Campaign");
  });

  it("keeps the one title of a page without a new mode", () => {
    expect(title("/dashboard")).toBe("Dashboard");
  });
});
