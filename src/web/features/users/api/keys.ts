/** Every users query starts with this key: one invalidation refreshes the list. */
export const usersKey = ["users"] as const;
