// A vitest reporter for scripts/test.mjs: writes each test that passed only on a retry, one JSON
// line { id } (file > full name) to PARLEY_RETRIED_FILE, so the summary can name it (vitest's JSON
// report says nothing of retries).
import { appendFileSync } from "node:fs";
import path from "node:path";

export default class RetriedReporter {
  onTestCaseResult(testCase) {
    const file = process.env.PARLEY_RETRIED_FILE;
    if (!file || !testCase.diagnostic()?.flaky) return;
    const where = path.relative(process.cwd(), testCase.module.moduleId);
    appendFileSync(file, `${JSON.stringify({ id: `${where} > ${testCase.fullName}` })}\n`);
  }
}
