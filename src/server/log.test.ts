import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, logFormat } from "./log";

function capture() {
  const stream = new PassThrough();
  let text = "";
  stream.on("data", (c: Buffer) => (text += c.toString()));
  return { stream, text: () => text };
}

describe("log", () => {
  it("is pretty on a terminal, JSON elsewhere, unless LOG_FORMAT says", () => {
    expect(logFormat({}, true)).toBe("pretty");
    expect(logFormat({}, false)).toBe("json");
    expect(logFormat({ LOG_FORMAT: "json" }, true)).toBe("json");
    expect(logFormat({ LOG_FORMAT: "pretty" }, false)).toBe("pretty");
  });

  it("writes JSON lines with the time in ISO 8601", () => {
    const out = capture();
    createLogger({ level: "info", format: "json", destination: out.stream }).info(
      { component: "test" },
      "hello",
    );
    const line = JSON.parse(out.text().trim());
    expect(line).toMatchObject({ level: 30, msg: "hello", component: "test" });
    expect(line.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("writes one readable line per entry when pretty", () => {
    const out = capture();
    createLogger({ level: "info", format: "pretty", destination: out.stream }).info(
      { component: "test" },
      "hello",
    );
    const text = out.text();
    expect(text).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: hello \{"component":"test"\}\n$/);
    expect(text).not.toContain('"level"');
  });
});
