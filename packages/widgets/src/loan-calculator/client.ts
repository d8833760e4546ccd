// @internal The sdk's request client, as a module of its own so that bundlers can load it when the calculator first
// calls the server (load-modules.ts).
export { createClient } from '@gjj-hall/sdk';
