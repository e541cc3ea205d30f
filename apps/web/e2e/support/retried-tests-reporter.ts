import { writeFileSync } from 'node:fs';
import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names the browser flows that passed only on their retry (vitest.e2e.config.ts allows one) at the
 * end of the run, and writes them to the file named by SETTLE_RETRIED_TESTS_FILE so that `npm test`
 * names them again at its very end: a retry keeps a passing run from failing on a busy machine,
 * never from showing which flow needed it.
 */
export default class RetriedTestsReporter implements Reporter {
  private readonly retried: Array<{ file: string; test: string; retries: number }> = [];

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic || diagnostic.retryCount === 0 || testCase.result().state !== 'passed') return;
    this.retried.push({
      file: testCase.module.relativeModuleId,
      test: testCase.fullName,
      retries: diagnostic.retryCount,
    });
  }

  onTestRunEnd(): void {
    for (const flow of this.retried) {
      console.log(`! passed only on a retry: ${flow.file} > ${flow.test}`);
    }
    const file = process.env.SETTLE_RETRIED_TESTS_FILE;
    if (file) writeFileSync(file, JSON.stringify(this.retried, null, 2));
  }
}
