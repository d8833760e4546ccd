import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import smCrypto from 'sm-crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CryptoError, generateSm2KeyPair, sm2Decrypt, sm2Encrypt } from './index';

const keys = generateSm2KeyPair();

describe('sm2Encrypt', () => {
  it('returns 04 + C1C3C2 hex that decrypts back to the text', () => {
    const cipher = sm2Encrypt('Gjj@2026 公积金', keys.publicKey);
    expect(cipher).toMatch(/^04[0-9a-f]+$/);
    // C1 (128) + C3 (64) + C2 (as long as the UTF-8 text: 9 + 3 × 3 bytes).
    expect(cipher.length).toBe(2 + 128 + 64 + 2 * 18);
    expect(sm2Decrypt(cipher, keys.privateKey)).toBe('Gjj@2026 公积金');
  });

  it('is randomised: the same text never gives the same ciphertext twice', () => {
    expect(sm2Encrypt('13800138000', keys.publicKey)).not.toBe(sm2Encrypt('13800138000', keys.publicKey));
  });

  it('accepts a public key given without its 04 marker', () => {
    const cipher = sm2Encrypt('abc', keys.publicKey.slice(2));
    expect(sm2Decrypt(cipher, keys.privateKey)).toBe('abc');
  });

  it('rejects a missing or malformed public key with a message that says what is wrong', () => {
    expect(() => sm2Encrypt('x', '')).toThrow(CryptoError);
    expect(() => sm2Encrypt('x', 'zz')).toThrow('SM2 公钥格式不正确');
    // On-length hex that is not a point of the curve.
    expect(() => sm2Encrypt('x', `04${'1'.repeat(128)}`)).toThrow(CryptoError);
    expect(() => sm2Encrypt('x', undefined as unknown as string)).toThrow('SM2 公钥缺失');
  });

  it('refuses an empty text, which could not be told apart from a failed decryption', () => {
    expect(() => sm2Encrypt('', keys.publicKey)).toThrow('待加密的内容不能为空');
  });

  it('round-trips any non-empty text', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64, unit: 'grapheme' }), (text) => {
        expect(sm2Decrypt(sm2Encrypt(text, keys.publicKey), keys.privateKey)).toBe(text);
      }),
      { numRuns: 25 },
    );
  });
});

describe('sm2Decrypt reports what sm-crypto would silently turn into ""', () => {
  const cipher = sm2Encrypt('secret', keys.publicKey);

  it('a ciphertext without the 04 prefix', () => {
    // sm-crypto's own output: no prefix.
    const bare = smCrypto.sm2.doEncrypt('secret', keys.publicKey, 1);
    expect(() => sm2Decrypt(bare, keys.privateKey)).toThrow('应以 04 开头');
  });

  it('a ciphertext made in C1C2C3 mode', () => {
    const c1c2c3 = `04${smCrypto.sm2.doEncrypt('secret', keys.publicKey, 0)}`;
    expect(smCrypto.sm2.doDecrypt(c1c2c3.slice(2), keys.privateKey, 1)).toBe('');
    expect(() => sm2Decrypt(c1c2c3, keys.privateKey)).toThrow(/C1C3C2/);
  });

  it('another key, a changed byte, a truncated or non-hex ciphertext', () => {
    expect(() => sm2Decrypt(cipher, generateSm2KeyPair().privateKey)).toThrow(CryptoError);
    const flipped = cipher.slice(0, -2) + (cipher.endsWith('00') ? '01' : '00');
    expect(() => sm2Decrypt(flipped, keys.privateKey)).toThrow(CryptoError);
    expect(() => sm2Decrypt(cipher.slice(0, 150), keys.privateKey)).toThrow('长度或字符');
    expect(() => sm2Decrypt(`04${'g'.repeat(300)}`, keys.privateKey)).toThrow(CryptoError);
    expect(() => sm2Decrypt(cipher, 'not-a-key')).toThrow('SM2 私钥格式不正确');
  });
});

// Interoperability with a real back-end implementation: OpenSSL 3 decrypts what the sdk sends, and the sdk decrypts
// what OpenSSL sends. OpenSSL speaks GM/T 0009 DER (SEQUENCE { x, y, C3, C2 }); the wire format is raw 04‖C1‖C3‖C2.
describe('OpenSSL interoperability', () => {
  let dir: string;
  let publicKey: string;
  let privateKey: string;

  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir });

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gjj-sm2-'));
    openssl('genpkey', '-algorithm', 'SM2', '-out', 'key.pem');
    const text = openssl('pkey', '-in', 'key.pem', '-text', '-noout').toString();
    const hexBlock = (label: string) =>
      (new RegExp(`${label}:\\s*\\n((?:\\s+[0-9a-f:]+\\n)+)`).exec(text)?.[1] ?? '').replace(/[\s:]/g, '');
    privateKey = hexBlock('priv').replace(/^00(?=[0-9a-f]{64}$)/, '');
    publicKey = hexBlock('pub');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('OpenSSL decrypts the sdk ciphertext', () => {
    expect(publicKey).toMatch(/^04[0-9a-f]{128}$/);
    const cipher = sm2Encrypt('Gjj@2026', publicKey);
    writeFileSync(join(dir, 'c.der'), toDer(cipher));
    expect(openssl('pkeyutl', '-decrypt', '-inkey', 'key.pem', '-in', 'c.der').toString()).toBe('Gjj@2026');
  });

  it('the sdk decrypts an OpenSSL ciphertext', () => {
    writeFileSync(join(dir, 'p.txt'), '身份证 110105194912310021');
    openssl('pkeyutl', '-encrypt', '-inkey', 'key.pem', '-in', 'p.txt', '-out', 'o.der');
    expect(sm2Decrypt(fromDer(readFileSync(join(dir, 'o.der'))), privateKey)).toBe('身份证 110105194912310021');
  });
});

function derLength(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes = Buffer.from(n.toString(16).padStart(n > 0xff ? 4 : 2, '0'), 'hex');
  return Buffer.concat([Buffer.from([0x80 | bytes.length]), bytes]);
}
function derTlv(tag: number, value: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), derLength(value.length), value]);
}
function derInteger(hex: string): Buffer {
  let bytes = Buffer.from(hex, 'hex');
  while (bytes.length > 1 && bytes[0] === 0 && (bytes[1] ?? 0) < 0x80) bytes = bytes.subarray(1);
  if ((bytes[0] ?? 0) >= 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return derTlv(0x02, bytes);
}
function toDer(cipher: string): Buffer {
  const body = cipher.slice(2);
  const [x, y, c3, c2] = [body.slice(0, 64), body.slice(64, 128), body.slice(128, 192), body.slice(192)];
  return derTlv(
    0x30,
    Buffer.concat([derInteger(x), derInteger(y), derTlv(0x04, Buffer.from(c3, 'hex')), derTlv(0x04, Buffer.from(c2, 'hex'))]),
  );
}
function fromDer(der: Buffer): string {
  let pos = 0;
  const read = (): { tag: number; value: Buffer } => {
    const tag = der[pos++] ?? 0;
    let len = der[pos++] ?? 0;
    if (len & 0x80) {
      const n = len & 0x7f;
      len = Number.parseInt(der.subarray(pos, pos + n).toString('hex'), 16);
      pos += n;
    }
    const value = der.subarray(pos, pos + len);
    pos += len;
    return { tag, value };
  };
  const seq = read();
  pos = 0;
  der = seq.value;
  const [x, y, c3, c2] = [read(), read(), read(), read()].map((f) => f.value.toString('hex'));
  const int32 = (h = '') => h.replace(/^00(?=[0-9a-f]{64}$)/, '').padStart(64, '0');
  return `04${int32(x)}${int32(y)}${c3}${c2}`;
}
