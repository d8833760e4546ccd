// Setup file of the server's vitest project: a test file fails when an answer its server gave does not fit the
// OpenAPI document (packages/server/src/http/contract.ts; docs/api-openapi.md, "The gate").
import { afterAll, expect } from 'vitest';
import { answerViolations } from '../../packages/server/src/http/contract';

afterAll(() => {
  const seen = [...new Set(answerViolations().splice(0))];
  expect(seen, 'answers that do not fit /api/openapi.json').toEqual([]);
});
