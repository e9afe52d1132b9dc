/**
 * What a picker that adds people to a group, or starts something from one, offers: hidden groups
 * are left out (that is what hiding a group is for), except one already chosen, which stays so
 * the saved choice still shows and can be kept. Send pickers (the composer, a program's audience)
 * and the filters still list hidden groups: their members can be texted and found.
 */
export function offeredGroups<T extends { value: string; hidden: boolean }>(
  options: readonly T[] | undefined,
  chosen: string | number | null | undefined | readonly (string | number)[],
): T[] {
  const keep = new Set(
    (Array.isArray(chosen) ? chosen : chosen == null ? [] : [chosen]).map(String),
  );
  return (options ?? []).filter((o) => !o.hidden || keep.has(o.value));
}
