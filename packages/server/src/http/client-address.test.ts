import { describe, expect, it } from 'vitest';
import { settingsFromEnv } from '../start';
import { addressPlace, describeBrowser, parseTrustedProxies } from './client-address';

describe('parseTrustedProxies (TRUSTED_PROXIES)', () => {
  it('reads addresses, CIDR blocks and proxy-addr names separated by commas or spaces; none by default', () => {
    expect(parseTrustedProxies(undefined)).toEqual([]);
    expect(parseTrustedProxies('  ')).toEqual([]);
    expect(parseTrustedProxies('10.0.0.0/8, 127.0.0.1 ::1,fd00::/8 loopback')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback']);
    expect(settingsFromEnv({ TRUSTED_PROXIES: '192.168.10.5' }).trustedProxies).toEqual(['192.168.10.5']);
    expect(settingsFromEnv({}).trustedProxies).toEqual([]);
  });

  it('refuses, naming the entry, anything that would trust every sender or is not an address', () => {
    for (const bad of ['true', '*', '1', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', 'proxy.example', '10.0.0.256']) {
      expect(() => parseTrustedProxies(bad), bad).toThrow(`TRUSTED_PROXIES 只能是以逗号或空格分隔的代理地址、网段（如 10.0.0.0/8）或 loopback、linklocal、uniquelocal，不能是 ${bad}`);
    }
    expect(() => settingsFromEnv({ TRUSTED_PROXIES: 'true' })).toThrow('TRUSTED_PROXIES');
  });
});

describe('addressPlace', () => {
  it('shows a public address as it is, and says 本机/内网地址 for loopback, private and link-local ones', () => {
    expect(addressPlace('203.0.113.7')).toBe('203.0.113.7');
    expect(addressPlace('2001:db8::1')).toBe('2001:db8::1');
    for (const ip of ['127.0.0.1', '10.2.3.4', '172.16.0.1', '172.31.255.254', '192.168.1.20', '169.254.0.9', '::1', 'fd12::1', 'fe80::1']) {
      expect(addressPlace(ip), ip).toBe(`本机/内网地址（${ip}）`);
    }
    expect(addressPlace('172.32.0.1')).toBe('172.32.0.1');
    expect(addressPlace('::ffff:127.0.0.1')).toBe('本机/内网地址（127.0.0.1）');
    expect(addressPlace('::ffff:8.8.8.8')).toBe('8.8.8.8');
    expect(addressPlace('')).toBe('未知地址');
    expect(addressPlace('not an address')).toBe('未知地址');
  });
});

describe('describeBrowser', () => {
  it('names common browsers and systems in Chinese words', () => {
    const cases: Array<[string, string]> = [
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome 浏览器（Windows）'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge 浏览器（Windows）'],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari 浏览器（macOS）'],
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari 浏览器（iPhone）'],
      ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 浏览器（Linux）'],
      ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome 浏览器（Linux）'],
      ['Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/116.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.50', '微信内置浏览器（Android）'],
      ['Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0.4240.198 Safari/537.36 QIHU 360SE', '360 浏览器（Windows）'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; Trident/7.0; rv:11.0) like Gecko', 'IE 浏览器（Windows）'],
      ['Mozilla/5.0 (Linux; Android 12; HarmonyOS; NOH-AN00) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0 HuaweiBrowser/14.0 Mobile Safari/537.36', '华为浏览器（鸿蒙）'],
      ['curl/8.5.0', '未知浏览器'],
      ['', '未知浏览器'],
    ];
    for (const [ua, words] of cases) expect(describeBrowser(ua), ua).toBe(words);
    expect(describeBrowser(undefined)).toBe('未知浏览器');
  });
});
