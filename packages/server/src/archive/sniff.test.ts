import { describe, expect, it } from 'vitest';
import { keptName, sniff } from './sniff';
import { image } from './test-files';

describe('sniff: the type by content', () => {
  it('knows a PNG and a JPEG with their size, and a PDF', () => {
    expect(sniff(image('png', 120, 80))).toEqual({ mimeType: 'image/png', ext: 'png', width: 120, height: 80 });
    expect(sniff(image('jpeg', 64, 48))).toEqual({ mimeType: 'image/jpeg', ext: 'jpg', width: 64, height: 48 });
    expect(sniff(Buffer.from('%PDF-1.7\n…'))).toEqual({ mimeType: 'application/pdf', ext: 'pdf' });
  });

  it('refuses anything else, whatever it is called', () => {
    for (const bytes of [
      Buffer.alloc(0),
      Buffer.from('MZ\x90\x00', 'latin1'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('GIF89a'),
      Buffer.from([0xff, 0xd8, 0xff]),
      // A PNG signature without its IHDR.
      Buffer.from('89504e470d0a1a0a0000000d49444154000000010000000108060000001f15c489', 'hex'),
    ]) {
      expect(sniff(bytes)).toBeNull();
    }
  });
});

describe('keptName: a label, never a path', () => {
  it.each([
    ['正面.png', 'png', '正面.png'],
    ['../../etc/passwd.png', 'png', 'passwd.png'],
    ['C:\\Users\\a\\scan.PNG', 'png', 'scan.PNG'],
    ['scan.pdf', 'png', 'scan.png'],
    ['photo.jpeg', 'jpg', 'photo.jpeg'],
    ['report.v2', 'pdf', 'report.v2.pdf'],
    ['..', 'pdf', '身份证.pdf'],
    ['', 'jpg', '身份证.jpg'],
    ['a\u0000b\u001f.png', 'png', 'ab.png'],
  ] as const)('%j (%s) → %j', (given, ext, kept) => {
    expect(keptName(given, { ext }, '身份证')).toBe(kept);
  });

  it('keeps at most 100 characters with the extension', () => {
    const name = keptName(`${'长'.repeat(300)}.pdf`, { ext: 'pdf' }, 'x');
    expect([...name]).toHaveLength(100);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});
