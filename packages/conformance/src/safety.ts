import { isIP } from 'node:net';

/** Top-level names reserved for tests and private networks (RFC 2606, 6761, 6762; ICANN's .internal). */
const TEST_TLDS = ['localhost', 'test', 'local', 'example', 'invalid', 'internal'];
/** A label (or a dash-separated part of one) that names a test environment: uat.gjj.city.gov.cn, gjj-test.city.gov.cn. */
const TEST_WORDS = ['test', 'testing', 'uat', 'staging', 'stage', 'sandbox', 'dev', 'sit', 'qa'];

function privateIPv4(ip: string): boolean {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
}

/**
 * Whether a target looks like a test environment (the kit runs against it without `--i-own-this`): its host is
 * loopback or a private address (127.0.0.0/8, ::1, 10/8, 172.16/12, 192.168/16, fc00::/7), or a name under a test
 * top-level domain (.localhost .test .local .example .invalid .internal), or a name one of whose labels is, or is
 * made of dash-separated parts one of which is, test, testing, uat, staging, stage, sandbox, dev, sit or qa.
 * Anything else (gjj.city.gov.cn) looks like production. docs/conformance.md, "Safety".
 *
 * @example
 * looksLikeTestTarget('http://127.0.0.1:8080') // true
 * looksLikeTestTarget('https://uat.gjj.example.gov.cn/api') // true
 * looksLikeTestTarget('https://gjj.example.gov.cn/api') // false
 */
export function looksLikeTestTarget(base: string): boolean {
  const host = new URL(base).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const kind = isIP(host);
  if (kind === 4) return privateIPv4(host);
  if (kind === 6) return host === '::1' || /^f[cd]/.test(host) || (host.startsWith('::ffff:') && privateIPv4(host.slice(7)));
  const labels = host.split('.');
  if (TEST_TLDS.includes(labels[labels.length - 1] ?? '')) return true;
  return labels.some((label) => label.split('-').some((part) => TEST_WORDS.includes(part)));
}

/** Why a run is refused before its first request, or null. */
export function refusal(base: string, iOwnThis: boolean): string | null {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return `--base 不是有效的地址：${base}`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `--base 只能是 http 或 https 地址：${base}`;
  if (!iOwnThis && !looksLikeTestTarget(base)) {
    return `目标 ${url.host} 看起来是生产环境（不是本机、内网地址，也不是 .test/.local/.example 等测试域名或 test/uat/staging 等测试主机名）。确认这是贵中心自己的环境并同意检查向它发送请求后，加上 --i-own-this 再运行。`;
  }
  return null;
}

/** The banner printed before the first request: what is checked, where, and what the run may change. */
export function banner(options: { base: string; profiles: readonly string[]; allowWrites: boolean; budget: number; rate: number }): string {
  const line = '='.repeat(72);
  return [
    line,
    `gjj-hall conformance kit — target: ${options.base}`,
    `profiles: ${options.profiles.join(', ')}`,
    options.allowWrites
      ? 'WRITES ALLOWED (--allow-writes): applications will be submitted and decided; balances of the test logins change'
      : 'read-only: nothing is submitted (sign-in sessions only); --allow-writes runs the journeys that submit',
    `at most ${options.budget} requests, at most ${options.rate} a second`,
    line,
  ].join('\n');
}
