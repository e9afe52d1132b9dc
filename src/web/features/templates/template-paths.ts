/** Where the template screens live (spec doc 1 §2): list, create, edit (?id=). */
export function templatePaths(kind: "plain" | "controlled") {
  const base = kind === "plain" ? "/messages/templates" : "/messages/controlled-templates";
  return {
    list: base,
    create: `${base}/create`,
    edit: (id: number) => `${base}/edit?id=${id}`,
  };
}
