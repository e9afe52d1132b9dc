import { describe, expect, it } from "vitest";
import { clientFaultOf, INPUT_ERROR_TEXT } from "./input-errors";

function pgError(code: string) {
  return Object.assign(new Error("db says no"), { code, severity: "ERROR" });
}

describe("errors that come from input", () => {
  it("maps the multipart parser's plain errors to 400", () => {
    for (const message of [
      "Multipart: Boundary not found",
      "The needle cannot be an empty String/Buffer.",
      "The needle cannot have a length bigger than 256.",
      "Unexpected end of multipart data",
      "Unsupported Content-Type.",
    ])
      expect(clientFaultOf(new Error(message))).toMatchObject({ status: 400 });
    const notMultipart = Object.assign(new Error("the request is not multipart"), {
      code: "FST_INVALID_MULTIPART_CONTENT_TYPE",
      statusCode: 406,
    });
    expect(clientFaultOf(notMultipart)?.message).toBe(INPUT_ERROR_TEXT.notMultipart);
  });

  it("maps PostgreSQL data exceptions, directly or wrapped by drizzle, as missing validations", () => {
    expect(clientFaultOf(pgError("22003"))).toMatchObject({
      status: 400,
      message: INPUT_ERROR_TEXT.outOfRange,
      missingValidation: true,
    });
    expect(clientFaultOf(pgError("22P02"))?.status).toBe(400);
    expect(clientFaultOf(pgError("22021"))?.message).toBe(INPUT_ERROR_TEXT.badText);
    expect(clientFaultOf(pgError("22P05"))?.message).toBe(INPUT_ERROR_TEXT.badText);
    expect(clientFaultOf(pgError("23505"))).toMatchObject({ status: 409, code: "CONFLICT" });
    const wrapped = new Error("Failed query", { cause: pgError("22008") });
    expect(clientFaultOf(wrapped)?.status).toBe(400);
  });

  it("leaves server faults alone", () => {
    expect(clientFaultOf(pgError("40001"))).toBeNull();
    expect(clientFaultOf(pgError("53300"))).toBeNull();
    expect(clientFaultOf(new Error("boom"))).toBeNull();
    expect(clientFaultOf(Object.assign(new Error("x"), { code: "ECONNRESET" }))).toBeNull();
  });
});
