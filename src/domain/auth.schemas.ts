import { z } from "zod";
import { TEXT } from "./texts";

export const loginRequest = z.object({
  username: z.string().trim().min(1, TEXT.usernameRequired).max(254),
  password: z.string().min(1, TEXT.passwordRequired).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** The login answer carries the flags of spec doc 3 §3; the full flows fill them in. */
export const loginResponse = z.object({
  ok: z.literal(true),
  emailVerificationRequired: z.boolean(),
  phoneVerificationRequired: z.boolean(),
  deviceVerificationRequired: z.boolean(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const checkTokenResponse = z.object({ valid: z.boolean() });
