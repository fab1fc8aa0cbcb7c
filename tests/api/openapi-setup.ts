import { createRequire } from 'node:module';
import type { Response } from 'superagent';
import { OpenApiMatcher } from './openapi-matching';

/**
 * The API tier's setup file (vitest.api.config.ts): every answer a test of the tier receives
 * through supertest is held to the OpenAPI document (CONTRACT §10) before the test's own
 * expectations run, so no test file needs editing and a mismatch fails the test that received
 * it, naming the call, the status and the first schema error (openapi-matching.ts).
 *
 * supertest runs a Test's expectations in Test.prototype.assert once the answer has arrived (for
 * `await`, `.then`, `.end` and `.expect` alike); the check goes in front of them there. The files
 * of the tier share one module graph (isolate: false), so the setup runs once per file: the mark
 * keeps it from wrapping twice.
 */
type Assert = (this: { app: unknown }, resError: unknown, res: Response | undefined, fn?: (err: unknown, res?: Response) => void) => void;
interface TestClass {
  prototype: { assert: Assert & { openApiChecked?: true } };
}

const Test = createRequire(import.meta.url)('supertest/lib/test.js') as TestClass;

if (!Test.prototype.assert.openApiChecked) {
  const matcher = new OpenApiMatcher();
  const original = Test.prototype.assert;
  const checked: Assert & { openApiChecked?: true } = function (resError, res, fn) {
    const req = (res as (Response & { req?: { method?: string; path?: string } }) | undefined)?.req;
    // supertest(url) calls another server by its address (the Stripe double, MailDev): only the
    // answers of an app the test hands to supertest (the function's) are the API's.
    if (res && typeof this.app !== 'string' && req?.method && req.path) {
      const problem = matcher.problemOf({
        method: req.method,
        path: req.path,
        status: res.status,
        contentType: res.headers['content-type'] as string | undefined,
        body: res.body,
        text: res.text,
      });
      if (problem) {
        const err = new Error(problem);
        if (fn) fn.call(this, err, res);
        else throw err;
        return;
      }
    }
    original.call(this, resError, res, fn);
  };
  checked.openApiChecked = true;
  Test.prototype.assert = checked;
}
