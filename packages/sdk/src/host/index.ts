// The host API: what a page that embeds gjj elements sets once for all of them (server, headers, the citizen's token,
// what to do when a session ends, the style nonce). Framework-free; the widgets subscribe to it.
export { $hostConfig, configure, getHostConfig } from './config';
export type { HostConfig } from './config';
export { createHostClient } from './client';
