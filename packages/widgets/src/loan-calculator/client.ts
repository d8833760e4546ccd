// @internal The sdk's request client (made from the host configuration), as a module of its own so that bundlers can
// load it when the calculator first calls the server (load-modules.ts).
export { createHostClient } from '@gjj-hall/sdk/host';
