// Types of the script-tag bundle of every element (dist/standalone/gjj-widgets.js, the `./standalone` export).
// Imported as a module it registers the elements and exports nothing; loaded by a <script> tag it also sets the global
// `GjjWidgets`.
import type { configure as Configure, getHostConfig as GetHostConfig } from '@gjj-hall/sdk/host';

export {};

declare global {
  /** Set by the script-tag bundle gjj-widgets.js when loaded by a classic <script> tag. */
  var GjjWidgets:
    | {
        /** Registers the elements (all, or the tags named); the bundle already did on load. Returns the tags defined. */
        defineElements(tags?: readonly string[]): string[];
        /** Every tag the bundle knows. */
        readonly ELEMENT_TAGS: readonly string[];
        /** One configuration for every gjj element on the page: `apiBase`, `getToken`, `onUnauthorized`, `nonce`… */
        configure: typeof Configure;
        /** The page's configuration as it is now. */
        getHostConfig: typeof GetHostConfig;
      }
    | undefined;
}
