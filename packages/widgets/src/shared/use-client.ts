import { useMemo } from 'react';
import { useStore } from '@nanostores/react';
import type { GjjClient } from '@gjj-hall/sdk';
import { $hostConfig, createHostClient, type HostConfig } from '@gjj-hall/sdk/host';

/** The page's host configuration (`configure()` of `@gjj-hall/sdk/host`), re-rendering when the host changes it. */
export function useHostConfig(): Readonly<HostConfig> {
  return useStore($hostConfig);
}

/** The fields a widget's client is made from; a change of the nonce alone does not make a new client. */
function useClientConfig(): Readonly<HostConfig> {
  const config = useHostConfig();
  const { apiBase, client, jproject, getToken, onUnauthorized, tokenOrigins } = config;
  return useMemo(
    () => ({ apiBase, client, jproject, getToken, onUnauthorized, tokenOrigins }),
    [apiBase, client, jproject, getToken, onUnauthorized, tokenOrigins],
  );
}

/**
 * The client a widget calls with, the one place every widget makes it, in this order: the React `client` prop; the
 * element's `api-base` attribute (the `apiBase` prop; with the configured headers, and the token only when its origin
 * is the configured API's or in `tokenOrigins`); the configured `client`
 * or `apiBase` (`configure()`); the page's own origin. A later `configure()` gives a new client, so the widget reloads.
 *
 * @example
 * const api = useClient(client, apiBase)
 */
export function useClient(client: GjjClient | undefined, apiBase: string | undefined): GjjClient {
  const config = useClientConfig();
  return useMemo(() => client ?? createHostClient(config, apiBase), [client, apiBase, config]);
}

/**
 * {@link useClient} for a widget that loads the request client's code when first needed (the calculator): the same
 * order, the client made once `load` has brought `createHostClient`.
 *
 * @example
 * const api = useLazyClient(client, apiBase, loadClient)
 */
export function useLazyClient(
  client: GjjClient | undefined,
  apiBase: string | undefined,
  load: () => Promise<{ createHostClient: typeof createHostClient }>,
): Promise<GjjClient> {
  const config = useClientConfig();
  return useMemo(
    () => (client ? Promise.resolve(client) : load().then((m) => m.createHostClient(config, apiBase))),
    [client, apiBase, config, load],
  );
}
