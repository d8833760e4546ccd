import { describe, expect, it } from 'vitest';
import { scannedCodeId } from './qr-scan';

describe('scannedCodeId', () => {
  const id = '0b7e3c2a-5d4f-4a1b-9c8d-7e6f5a4b3c2d';

  it('reads the code id of a login QR, whichever host published the hall', () => {
    expect(scannedCodeId(`https://gjj.example.gov.cn/home.html#/qrConfirm?codeId=${id}`)).toBe(id);
    expect(scannedCodeId(`http://127.0.0.1:8080/home.html#/qrConfirm?codeId=${id.toUpperCase()}\n`)).toBe(id);
  });

  it('is null for any other text', () => {
    for (const text of [null, undefined, '', 'https://example.com', id, `#/qrConfirm?codeId=${id}&x=1`, `#/qrConfirm?codeId=abc`]) {
      expect(scannedCodeId(text), String(text)).toBeNull();
    }
  });
});
