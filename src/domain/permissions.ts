/** User permission levels (spec doc 2 §6). */
export const PERMISSION_LEVEL = {
  AGENT: 0,
  ADMINISTRATOR: 1,
  MANAGER: 2,
  OWNER: 3,
} as const;

export type PermissionLevel = (typeof PERMISSION_LEVEL)[keyof typeof PERMISSION_LEVEL];

export const PERMISSION_LABEL: Record<PermissionLevel, string> = {
  0: "Agent",
  1: "Administrator",
  2: "Manager",
  3: "Owner",
};
