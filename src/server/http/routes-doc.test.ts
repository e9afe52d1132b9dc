import { describe, expect, it } from "vitest";
import { routesDocIsCurrent } from "./routes-doc";

describe("docs/routes.md", () => {
  it("is the table of the features' policies", () => {
    expect(
      routesDocIsCurrent(),
      "docs/routes.md is out of date with the features' policies: run `npm run docs:routes`",
    ).toBe(true);
  });
});
