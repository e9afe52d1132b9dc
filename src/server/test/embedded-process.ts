// A process that starts an embedded PostgreSQL the way the server does (argv: cluster folder,
// port), prints what start reported and "ready", and keeps it until SIGTERM: the restart tests
// kill it with SIGKILL to leave an orphaned cluster behind, as a crashed server does.
import { startEmbeddedPostgres } from "../db/embedded";

const [dir, port] = process.argv.slice(2);
try {
  const db = await startEmbeddedPostgres({
    dir: dir!,
    port: Number(port),
    persistent: true,
    notice: (line) => console.log(`notice: ${line}`),
  });
  process.on("SIGTERM", () => {
    void db.stop().then(() => process.exit(0));
  });
  console.log("ready");
  setInterval(() => {}, 1 << 30);
} catch (err) {
  console.log(`failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
