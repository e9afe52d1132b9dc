import { describe, expect, it } from "vitest";
import {
  AUDIT_AREAS,
  auditActionLabel,
  auditAreaOf,
  routeAuditAction,
} from "../../../domain/audit";
import { auditedAtRoute, NOT_AUDITED, sensitiveField } from "../../http/change-audit";
import { PUBLIC, policyOf } from "../feature";
import { FEATURES } from "../index";

/**
 * The audit log's coverage, read off the policy table: every route that can change something is
 * either recorded (with a readable action) or declared in its feature's `notAudited` with why.
 */
const POLICY = policyOf(FEATURES);
const WRITES = Object.keys(POLICY).filter((k) => !k.startsWith("GET "));

describe("the audit log's coverage of the routes", () => {
  it("records every write not declared, and every declared one says why", () => {
    const neither: string[] = [];
    for (const key of WRITES) {
      const [method, url] = key.split(" ") as [string, string];
      if (auditedAtRoute(method, url)) continue;
      if (!NOT_AUDITED.has(key)) neither.push(`${key} (${POLICY[key]})`);
    }
    // A public write acts for no account: it is declared like a route that changes nothing.
    expect(neither).toEqual([]);
    for (const f of FEATURES)
      for (const [key, why] of Object.entries(f.notAudited ?? {})) {
        expect(why.trim().length, `${f.name}: ${key}`).toBeGreaterThan(10);
        // Declared in the policy of the feature that owns it, and a write (a GET records nothing).
        expect(Object.keys(f.policy ?? {}), `${f.name}: ${key}`).toContain(key);
        expect(key.startsWith("GET "), `${f.name}: ${key}`).toBe(false);
      }
  });

  it("gives every recorded route an action the screen reads in words", () => {
    const unreadable: string[] = [];
    for (const key of WRITES) {
      const [method, url] = key.split(" ") as [string, string];
      if (!auditedAtRoute(method, url)) continue;
      const action = routeAuditAction(method, url);
      const label = auditActionLabel(action);
      if (!(auditAreaOf(action) in AUDIT_AREAS) || label === action || label.includes("_"))
        unreadable.push(`${key} → ${action} → ${label}`);
    }
    expect(unreadable).toEqual([]);
  });

  it("names actions by the route's area and what the path says", () => {
    expect(routeAuditAction("POST", "/api/keywords")).toBe("keywords.create");
    expect(routeAuditAction("PUT", "/api/keywords/:id")).toBe("keywords.update");
    expect(routeAuditAction("PUT", "/api/v1/keywords/:id/status")).toBe("keywords.status");
    expect(routeAuditAction("DELETE", "/api/v1/groups/:id")).toBe("groups.delete");
    expect(routeAuditAction("POST", "/api/groups/:id/members/remove")).toBe(
      "groups.members_remove",
    );
    // The inbox's conversations are the API's: one area to filter on.
    expect(routeAuditAction("PUT", "/api/inbox/conversations/:id/assignee")).toBe(
      routeAuditAction("PUT", "/api/v1/conversations/:id/assignee"),
    );
    expect(auditActionLabel("keywords.update")).toBe("Keyword changed");
    expect(auditActionLabel("campaigns.members_remove")).toBe("Campaign members removed");
    expect(auditActionLabel("mcp.send_message")).toBe("AI assistant (MCP): message sent");
    // The service-recorded names keep their own labels; an unknown one shows as recorded.
    expect(auditActionLabel("api_keys.create")).toBe("API key created");
    expect(auditActionLabel("nowhere.thing")).toBe("nowhere.thing");
  });

  it("leaves reads, public routes and declared routes to no row", () => {
    expect(auditedAtRoute("GET", "/api/keywords")).toBe(false);
    expect(POLICY["POST /api/auth/login"]).toBe(PUBLIC);
    expect(auditedAtRoute("POST", "/api/auth/login")).toBe(false);
    expect(auditedAtRoute("POST", "/api/groups/rules-preview")).toBe(false);
    expect(auditedAtRoute("POST", "/api/keywords")).toBe(true);
    expect(auditedAtRoute("PATCH", "/api/v1/groups/:id")).toBe(true);
  });

  it("keeps the values of secret-looking fields out of a route's row", () => {
    for (const name of ["apiKey", "api_key", "accessToken", "password", "cardNumber", "cvc", "pin"])
      expect(sensitiveField(name), name).toBe(true);
    for (const name of ["name", "keyword", "message", "enabled", "welcomeMessage", "monkey"])
      expect(sensitiveField(name), name).toBe(false);
  });
});
