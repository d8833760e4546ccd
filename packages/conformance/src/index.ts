// @gjj-hall/conformance: checks a centre's back end against the hall's contract (docs/conformance.md).
export { runConformance, hallMessage } from './run';
export { hooksFromLoginFile } from './hooks';
export { htmlReport, jsonReport, junitReport } from './report';
export { banner, looksLikeTestTarget, refusal } from './safety';
export { FORMAT_RULES, formatProblems } from './formats';
export { PROFILES } from './types';
export type { CheckResult, ConformanceOptions, ConformanceReport, Hooks, LoginFile, Outcome, Profile, ProfileSummary, TestLogin } from './types';
