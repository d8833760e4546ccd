// Values the global setups hand to tests through `inject()`.
declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the reference server the browser tests call, e.g. http://127.0.0.1:41234 */
    apiBase: string;
  }
}

export {};
