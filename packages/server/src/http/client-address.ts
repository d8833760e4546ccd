import { BlockList, isIP } from 'node:net';

// Where a request comes from, in words a citizen reads on the QR confirmation page, and which proxies may say so.

/** Named ranges proxy-addr (Fastify's trustProxy) understands besides addresses and CIDR blocks. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Reads TRUSTED_PROXIES: the reverse proxies (load balancers) in front of the server, whose `X-Forwarded-For` the
 * server believes, as addresses or CIDR blocks (`10.0.0.0/8`, `::1`) or proxy-addr's names `loopback`, `linklocal`,
 * `uniquelocal`, separated by commas or spaces. Empty (the default): no proxy is trusted and the client address is
 * the connection's. Throws, naming the entry, on anything else (`true`, `*` or a hop count are refused: trusting every
 * sender of the header would let anyone choose the address the rate limits and the QR confirmation page see).
 *
 * @example
 * parseTrustedProxies('10.0.0.0/8, 127.0.0.1') // ['10.0.0.0/8', '127.0.0.1']
 * parseTrustedProxies(undefined) // []
 */
export function parseTrustedProxies(text: string | undefined): string[] {
  const entries = (text ?? '').split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const ok =
      extra === undefined &&
      (prefix === undefined
        ? family !== 0 || PROXY_RANGE_NAMES.has(entry)
        : family !== 0 && /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
    if (!ok) {
      throw new Error(
        `TRUSTED_PROXIES 只能是以逗号或空格分隔的代理地址、网段（如 10.0.0.0/8）或 loopback、linklocal、uniquelocal，不能是 ${entry}`,
      );
    }
  }
  return entries;
}

const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['0.0.0.0', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::1', 128],
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

/**
 * Where a client address is, for a person to read: the address itself, or `本机/内网地址（…）` for loopback, private
 * (RFC 1918, IPv6 unique-local) and link-local ranges. No geo-IP database ships with the server, so a public address is
 * shown as it is, not as a city. An IPv4 address in IPv6 form (`::ffff:1.2.3.4`) is shown as IPv4.
 *
 * @example
 * addressPlace('203.0.113.7') // '203.0.113.7'
 * addressPlace('::ffff:192.168.1.20') // '本机/内网地址（192.168.1.20）'
 * addressPlace('') // '未知地址'
 */
export function addressPlace(ip: string): string {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(address);
  if (!family) return '未知地址';
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6') ? `本机/内网地址（${address}）` : address;
}

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  // In-app browsers and Chinese browsers first: they also name Chrome or Safari in their User-Agent.
  [/MicroMessenger\//, '微信内置浏览器'],
  [/DingTalk\//i, '钉钉内置浏览器'],
  [/AlipayClient\//i, '支付宝内置浏览器'],
  [/QQBrowser\//i, 'QQ 浏览器'],
  [/UCBrowser\/|UCWEB/i, 'UC 浏览器'],
  [/360SE|360EE|QihooBrowser|QHBrowser/i, '360 浏览器'],
  [/MetaSr|SogouMobileBrowser/i, '搜狗浏览器'],
  [/HuaweiBrowser\//i, '华为浏览器'],
  [/MiuiBrowser\//i, '小米浏览器'],
  [/SamsungBrowser\//i, '三星浏览器'],
  [/Edg(e|A|iOS)?\//, 'Edge 浏览器'],
  [/OPR\/|Opera/, 'Opera 浏览器'],
  [/Firefox\/|FxiOS\//, 'Firefox 浏览器'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome 浏览器'],
  [/Version\/[\d.]+.*Safari\//, 'Safari 浏览器'],
  [/MSIE |Trident\//, 'IE 浏览器'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/HarmonyOS|OpenHarmony/i, '鸿蒙'],
  [/Windows Phone/i, 'Windows Phone'],
  [/Windows/i, 'Windows'],
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/i, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux/i, 'Linux'],
];

/**
 * A browser's User-Agent as a person reads it: one of a fixed set of Chinese names and, when known, its system, such
 * as `Chrome 浏览器（Windows）`. Only these fixed words come out, whatever the header says, so a requester cannot write
 * its own text onto the confirmation page.
 *
 * @example
 * describeBrowser('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36') // 'Chrome 浏览器（Windows）'
 * describeBrowser('') // '未知浏览器'
 */
export function describeBrowser(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? '未知浏览器';
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  return system ? `${browser}（${system}）` : browser;
}
