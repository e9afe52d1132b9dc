import { OpsError } from "./ops-error";

export interface ParsedArgs {
  positional: string[];
  options: Record<string, string>;
  flags: Set<string>;
}

/**
 * `--name value` and `--name=value` options, bare `--flag`s and positional words. Only the
 * names a command declares are accepted, so a typo is an error rather than silently ignored.
 */
export function parseArgs(
  argv: string[],
  spec: { options?: string[]; flags?: string[] },
): ParsedArgs {
  const options = new Set(spec.options ?? []);
  const flags = new Set([...(spec.flags ?? []), "help"]);
  const out: ParsedArgs = { positional: [], options: {}, flags: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "-h") {
      out.flags.add("help");
      continue;
    }
    if (!arg.startsWith("--")) {
      out.positional.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (flags.has(name) && eq === -1) {
      out.flags.add(name);
    } else if (options.has(name)) {
      const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
      if (value === undefined || value === "") throw new OpsError(`--${name} needs a value`);
      out.options[name] = value;
    } else {
      throw new OpsError(`unknown option --${name} (see --help)`);
    }
  }
  return out;
}
