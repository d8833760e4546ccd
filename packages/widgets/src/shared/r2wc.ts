// The element classes are @r2wc/react-to-web-component's: @r2wc/core with its React renderer (createRoot, render,
// unmount). The script-tag files replace this module by r2wc.standalone.ts, the same core with a preact renderer
// (rollup.config.mjs, docs/decisions.md).
export { default as r2wc } from '@r2wc/react-to-web-component';
