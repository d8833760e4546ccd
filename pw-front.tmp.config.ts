import base from './playwright.config.ts';
export default { ...base, globalSetup: undefined, testDir: '/work/wt/front', workers: 1 };
