import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The Spanish catalogs and the code they translate stay in step. The English text is the key
 * (src/web/i18n/index.ts), so the code is the English catalog; each folder of src/web (app,
 * components, lib, each features/<area>) that has an es.json is "translated": every text it passes
 * to t() or tk() has a Spanish entry there, the catalog holds nothing else, and no English is left
 * outside t() in its screens. Folders without one are listed in UNTRANSLATED: the work left.
 */

const WEB = join(import.meta.dirname, "..");
const ROOT = join(WEB, "..", "..");

/** The folders still in English only: none. A new folder comes with its es.json. */
const UNTRANSLATED: string[] = [];

/**
 * Files that speak through the public pages' own i18next instance (features/growth/lib/
 * signup-i18n.ts, keys of src/domain/signup-page.ts), not this one.
 */
const OTHER_INSTANCE = [
  "features/growth/components/signup-form.tsx",
  "features/growth/pages/subscribe-page.tsx",
];

/** Words that read the same in every language: names, units, codes, languages named in themselves. */
const SAME_IN_EVERY_LANGUAGE = new Set([
  "Parley",
  "SMS",
  "MMS",
  "CSV",
  "URL",
  "API",
  "GIF",
  "English",
  "Español",
]);

/** Props whose text a person reads or hears: a literal there is English left untranslated. */
const TEXT_PROPS = new Set([
  "label",
  "title",
  "description",
  "placeholder",
  "aria-label",
  "alt",
  "error",
  "tooltip",
  "confirmLabel",
  "cancelLabel",
  "emptyText",
  "noRecordsText",
  "recordsPerPageLabel",
  "failedTitle",
  "nothingFoundMessage",
]);

/** Fields of option lists, columns and empty states that a person reads. */
const TEXT_FIELDS = new Set(["label", "title", "description", "placeholder", "message", "text"]);

const folders = [
  "app",
  "components",
  "lib",
  ...readdirSync(join(WEB, "features"))
    .filter((d) => statSync(join(WEB, "features", d)).isDirectory())
    .map((d) => `features/${d}`),
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => join(dir, f));
}

type Found = { keys: Map<string, { plural: boolean; at: string }>; literals: string[] };

const hasWords = (text: string) =>
  /[A-Za-z]{2,}/.test(text) &&
  !SAME_IN_EVERY_LANGUAGE.has(text.trim()) &&
  // Addresses read the same in every language.
  !/^(https?:\/\/|\/)\S*$|^\S+@\S+$/.test(text.trim());

/** The keys a folder passes to t()/tk()/<Trans i18nKey>, and the English left outside them. */
function scan(folder: string): Found {
  const found: Found = { keys: new Map(), literals: [] };
  for (const file of sourceFiles(join(WEB, folder))) {
    const rel = relative(WEB, file);
    if (OTHER_INSTANCE.includes(rel)) continue;
    const text = readFileSync(file, "utf8");
    const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const where = (n: ts.Node) =>
      `${rel}:${src.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee)
          ? callee.text
          : ts.isPropertyAccessExpression(callee)
            ? callee.name.text
            : "";
        const [first, second] = node.arguments;
        if ((name === "t" || name === "tk") && first && ts.isStringLiteralLike(first)) {
          const options = second && ts.isObjectLiteralExpression(second) ? second : undefined;
          const plural = !!options?.properties.some((p) => p.name?.getText() === "count");
          // t("On", { context: "days" }) reads the entry "On_days": one English word, two meanings.
          const context = options?.properties.find(
            (p): p is ts.PropertyAssignment =>
              ts.isPropertyAssignment(p) &&
              p.name.getText() === "context" &&
              ts.isStringLiteralLike(p.initializer),
          );
          const key = context
            ? `${first.text}_${(context.initializer as ts.StringLiteralLike).text}`
            : first.text;
          found.keys.set(key, { plural, at: where(node) });
        }
        // A toast with a literal: its text never reaches a catalog.
        if (
          ts.isPropertyAccessExpression(callee) &&
          callee.expression.getText() === "notify" &&
          first &&
          ts.isStringLiteralLike(first) &&
          hasWords(first.text)
        )
          found.literals.push(`${where(node)} notify("${first.text}")`);
      }
      if (ts.isJsxAttribute(node) && node.initializer) {
        const attr = node.name.getText();
        const value = ts.isStringLiteral(node.initializer)
          ? node.initializer
          : ts.isJsxExpression(node.initializer) &&
              node.initializer.expression &&
              ts.isStringLiteralLike(node.initializer.expression)
            ? node.initializer.expression
            : undefined;
        if (attr === "i18nKey" && value)
          found.keys.set(value.text, { plural: false, at: where(node) });
        else if (TEXT_PROPS.has(attr) && value && hasWords(value.text))
          found.literals.push(`${where(node)} ${attr}="${value.text}"`);
      }
      // { label: "Reply" }, { title: "Account" }: an option, a column, an empty state.
      if (
        ts.isPropertyAssignment(node) &&
        TEXT_FIELDS.has(node.name.getText()) &&
        ts.isStringLiteralLike(node.initializer) &&
        hasWords(node.initializer.text)
      )
        found.literals.push(`${where(node)} ${node.name.getText()}: "${node.initializer.text}"`);
      if (ts.isJsxText(node) && hasWords(node.text))
        found.literals.push(`${where(node)} "${node.text.trim()}"`);
      if (
        ts.isJsxExpression(node) &&
        node.expression &&
        ts.isStringLiteralLike(node.expression) &&
        ts.isJsxElement(node.parent) &&
        hasWords(node.expression.text)
      )
        found.literals.push(`${where(node)} {"${node.expression.text}"}`);
      ts.forEachChild(node, visit);
    };
    visit(src);
  }
  return found;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const readCatalog = (path: string): Record<string, string> =>
  JSON.parse(readFileSync(path, "utf8"));
const variables = (s: string) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

const translated = folders.filter((f) => existsSync(join(WEB, f, "es.json")));
const scans = new Map(translated.map((f) => [f, scan(f)]));

describe("the Spanish catalogs", () => {
  it("list exactly the folders left to translate (a list that only shrinks)", () => {
    expect(folders.filter((f) => !translated.includes(f)).sort()).toEqual([...UNTRANSLATED].sort());
  });

  it.each(translated)(
    "%s: every text of its screens goes through t(), with a Spanish entry",
    (folder) => {
      const { keys, literals } = scans.get(folder)!;
      expect(literals, "English outside t()").toEqual([]);
      const es = readCatalog(join(WEB, folder, "es.json"));
      const missing: string[] = [];
      for (const [key, { plural, at }] of keys) {
        const wanted = plural ? [`${key}_one`, `${key}_other`] : [key];
        for (const k of wanted) if (!es[k]?.trim()) missing.push(`${at} ${k}`);
      }
      expect(missing, "no Spanish entry").toEqual([]);
    },
  );

  it.each(translated)(
    "%s: its catalog holds only texts the folder uses, with their variables",
    (folder) => {
      const { keys } = scans.get(folder)!;
      const es = readCatalog(join(WEB, folder, "es.json"));
      const unused = Object.keys(es).filter((k) => !keys.has(k.replace(PLURAL_SUFFIX, "")));
      expect(unused, "entries nobody uses").toEqual([]);
      const wrongVariables = Object.entries(es).filter(
        ([k, v]) => variables(v).join() !== variables(k.replace(PLURAL_SUFFIX, "")).join(),
      );
      expect(wrongVariables).toEqual([]);
    },
  );

  it("give one text one translation across folders (the catalogs merge into one)", () => {
    const seen = new Map<string, { value: string; folder: string }>();
    const clashes: string[] = [];
    for (const folder of [...translated.map((f) => join(WEB, f)), join(WEB, "i18n")]) {
      for (const [k, v] of Object.entries(readCatalog(join(folder, "es.json")))) {
        const before = seen.get(k);
        if (before && before.value !== v)
          clashes.push(
            `${k}: "${before.value}" (${before.folder}) vs "${v}" (${relative(WEB, folder)})`,
          );
        seen.set(k, { value: v, folder: relative(WEB, folder) });
      }
    }
    expect(clashes).toEqual([]);
  });

  it("translate in i18n/es.json only texts that src/domain or the server really has", () => {
    const sources = ["src/domain", "src/server"].flatMap((d) =>
      sourceFiles(join(ROOT, d)).map((f) => readFileSync(f, "utf8")),
    );
    // Generated tables of src/domain (the time zones' names) are texts of its too.
    for (const f of readdirSync(join(ROOT, "src/domain")).filter((n) => n.endsWith(".json")))
      sources.push(readFileSync(join(ROOT, "src/domain", f), "utf8"));
    const es = readCatalog(join(WEB, "i18n", "es.json"));
    const quoted = (k: string) =>
      [`"${k}"`, `'${k}'`, `\`${k}\``].map((q) => q.replace(/\n/g, "\\n"));
    // A context's entry ("Archived_tab", t(text, { context: "tab" })) counts as its text's.
    const stale = Object.keys(es).filter(
      (k) =>
        !sources.some((s) =>
          [k, k.replace(/_[a-z]+$/, "")].some((key) => quoted(key).some((q) => s.includes(q))),
        ),
    );
    expect(stale).toEqual([]);
    expect(Object.entries(es).filter(([, v]) => !v.trim())).toEqual([]);
  });

  it("give English its singular for every plural key (the key is the plural form)", () => {
    const en = readCatalog(join(WEB, "i18n", "en.json"));
    const plurals = [...scans.values()].flatMap((s) =>
      [...s.keys].filter(([, v]) => v.plural).map(([k]) => k),
    );
    expect(plurals.filter((k) => !en[`${k}_one`])).toEqual([]);
    expect(Object.keys(en).filter((k) => !plurals.includes(k.replace(PLURAL_SUFFIX, "")))).toEqual(
      [],
    );
  });
});
