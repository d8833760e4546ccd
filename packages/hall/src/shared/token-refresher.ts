/**
 * The sdk's token refresher (docs/api-shell.md, 令牌续期) as a chunk of its own: services.ts loads it with the first
 * token, so the login page does not carry it.
 */
export { createTokenRefresher } from '@gjj-hall/sdk/auth';
