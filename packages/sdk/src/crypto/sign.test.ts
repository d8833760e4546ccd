import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CryptoError, generateSm2KeyPair, sm2PublicKeyOf, sm2Sign, sm2Verify } from './index';

const keys = generateSm2KeyPair();
const other = generateSm2KeyPair();
const RANDOM = 'b4c1f0a9e3d2c1b0a9f8e7d6c5b4a3921807f6e5d4c3b2a1908f7e6d5c4b3a29';

describe('sm2Sign and sm2Verify', () => {
  it('sign a text as r ‖ s (128 hex digits) that the matching public key verifies', () => {
    const signature = sm2Sign(RANDOM, keys.privateKey);
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    expect(sm2Verify(RANDOM, signature, keys.publicKey)).toBe(true);
    // Randomised: a second signature differs and verifies too.
    const again = sm2Sign(RANDOM, keys.privateKey, keys.publicKey);
    expect(again).not.toBe(signature);
    expect(sm2Verify(RANDOM, again, keys.publicKey)).toBe(true);
  });

  it('refuse a signature by another key, over another text, or with one byte changed', () => {
    const signature = sm2Sign(RANDOM, keys.privateKey);
    expect(sm2Verify(RANDOM, sm2Sign(RANDOM, other.privateKey), keys.publicKey)).toBe(false);
    expect(sm2Verify(RANDOM, signature, other.publicKey)).toBe(false);
    expect(sm2Verify(`${RANDOM.slice(0, -1)}0`, signature, keys.publicKey)).toBe(RANDOM.endsWith('0'));
    const flipped = signature.slice(0, 10) + (signature[10] === 'a' ? 'b' : 'a') + signature.slice(11);
    expect(sm2Verify(RANDOM, flipped, keys.publicKey)).toBe(false);
  });

  it('answer false to a malformed signature, and throw CryptoError for a malformed key', () => {
    expect(sm2Verify(RANDOM, '', keys.publicKey)).toBe(false);
    expect(sm2Verify(RANDOM, 'zz'.repeat(64), keys.publicKey)).toBe(false);
    expect(sm2Verify(RANDOM, '0'.repeat(128), keys.publicKey)).toBe(false);
    expect(sm2Verify(RANDOM, undefined as unknown as string, keys.publicKey)).toBe(false);
    expect(() => sm2Verify(RANDOM, 'ab', 'not-a-key')).toThrow(CryptoError);
    expect(() => sm2Sign(RANDOM, 'xyz')).toThrow('SM2 私钥格式不正确');
    expect(() => sm2Sign('', keys.privateKey)).toThrow('待签名的内容不能为空');
    expect(() => sm2Sign(RANDOM, keys.privateKey, `04${'1'.repeat(128)}`)).toThrow(CryptoError);
  });

  it('derive the public key of a private key', () => {
    expect(sm2PublicKeyOf(keys.privateKey)).toBe(keys.publicKey);
    expect(sm2PublicKeyOf(keys.privateKey.toUpperCase())).toBe(keys.publicKey);
    expect(() => sm2PublicKeyOf('12')).toThrow(CryptoError);
  });
});

// Interoperability with OpenSSL 3 (SM2 with SM3, default distinguishing id 1234567812345678): OpenSSL verifies what
// the sdk signs and the sdk verifies what OpenSSL signs. OpenSSL speaks DER (SEQUENCE { r, s }); the wire is raw r ‖ s.
describe('OpenSSL interoperability of signatures', () => {
  let dir: string;
  let publicKey: string;
  let privateKey: string;
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir });
  // OpenSSL 3.0's pkeyutl signs with an empty id unless told; GM/T 0009 and sm-crypto use this default.
  const DISTID = ['-pkeyopt', 'distid:1234567812345678'];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'gjj-sm2sig-'));
    openssl('genpkey', '-algorithm', 'SM2', '-out', 'key.pem');
    const text = openssl('pkey', '-in', 'key.pem', '-text', '-noout').toString();
    const hexBlock = (label: string) =>
      (new RegExp(`${label}:\\s*\\n((?:\\s+[0-9a-f:]+\\n)+)`).exec(text)?.[1] ?? '').replace(/[\s:]/g, '');
    privateKey = hexBlock('priv').replace(/^00(?=[0-9a-f]{64}$)/, '').padStart(64, '0');
    publicKey = hexBlock('pub');
    writeFileSync(join(dir, 'm.txt'), RANDOM);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('OpenSSL verifies the sdk signature', () => {
    expect(sm2PublicKeyOf(privateKey)).toBe(publicKey);
    writeFileSync(join(dir, 's.der'), toDer(sm2Sign(RANDOM, privateKey)));
    const out = openssl('pkeyutl', '-verify', '-inkey', 'key.pem', '-rawin', '-digest', 'sm3', ...DISTID, '-in', 'm.txt', '-sigfile', 's.der');
    expect(out.toString()).toContain('Signature Verified Successfully');
  });

  it('the sdk verifies an OpenSSL signature, and not over another text', () => {
    openssl('pkeyutl', '-sign', '-inkey', 'key.pem', '-rawin', '-digest', 'sm3', ...DISTID, '-in', 'm.txt', '-out', 'o.der');
    const signature = fromDer(readFileSync(join(dir, 'o.der')));
    expect(sm2Verify(RANDOM, signature, publicKey)).toBe(true);
    expect(sm2Verify(`${RANDOM}x`, signature, publicKey)).toBe(false);
  });
});

function derInteger(hex: string): Buffer {
  let bytes = Buffer.from(hex, 'hex');
  while (bytes.length > 1 && bytes[0] === 0 && (bytes[1] ?? 0) < 0x80) bytes = bytes.subarray(1);
  if ((bytes[0] ?? 0) >= 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return Buffer.concat([Buffer.from([0x02, bytes.length]), bytes]);
}
function toDer(signature: string): Buffer {
  const body = Buffer.concat([derInteger(signature.slice(0, 64)), derInteger(signature.slice(64))]);
  return Buffer.concat([Buffer.from([0x30, body.length]), body]);
}
function fromDer(der: Buffer): string {
  // SEQUENCE (short length: a signature is at most 72 bytes) of two INTEGERs.
  let pos = 2;
  const int = () => {
    const len = der[pos + 1] ?? 0;
    const value = der.subarray(pos + 2, pos + 2 + len).toString('hex');
    pos += 2 + len;
    return value.replace(/^00(?=[0-9a-f]{64}$)/, '').padStart(64, '0');
  };
  return int() + int();
}
