import { describe, expect, it } from 'vitest';
import { decodeBase64, documentKind, fileNameFor, zipEntryNames } from './document-type';

const enc = (s: string) => new TextEncoder().encode(s);

/** A zip of empty stored entries with its central directory (the layout of APPNOTE 4.3). */
function zip(names: string[]): Uint8Array {
  const local: number[] = [];
  const central: number[] = [];
  const put = (a: number[], v: number, size: 2 | 4) => {
    for (let i = 0; i < size; i++) a.push((v >>> (8 * i)) & 0xff);
  };
  for (const name of names) {
    const n = [...enc(name)];
    const offset = local.length;
    put(local, 0x04034b50, 4);
    [2, 2, 2, 2, 2].forEach((s) => put(local, 0, s as 2)); // version, flags, method, time, date
    [4, 4, 4].forEach(() => put(local, 0, 4)); // crc, sizes
    put(local, n.length, 2);
    put(local, 0, 2);
    local.push(...n);
    put(central, 0x02014b50, 4);
    [2, 2, 2, 2, 2, 2].forEach(() => put(central, 0, 2)); // made by, needed, flags, method, time, date
    [4, 4, 4].forEach(() => put(central, 0, 4)); // crc, sizes
    put(central, n.length, 2);
    [2, 2, 2, 2].forEach(() => put(central, 0, 2)); // extra, comment, disk, internal attributes
    put(central, 0, 4); // external attributes
    put(central, offset, 4);
    central.push(...n);
  }
  const out = [...local, ...central];
  put(out, 0x06054b50, 4);
  put(out, 0, 2);
  put(out, 0, 2);
  put(out, names.length, 2);
  put(out, names.length, 2);
  put(out, central.length, 4);
  put(out, local.length, 4);
  put(out, 0, 2);
  return new Uint8Array(out);
}

describe('documentKind', () => {
  it('tells PDF, PNG, JPEG and GIF by their signatures', () => {
    expect(documentKind(enc('%PDF-1.4\n%…'))).toBe('pdf');
    expect(documentKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
    expect(documentKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(documentKind(enc('GIF89a....'))).toBe('gif');
  });

  it('does not take HTML for a PDF, whatever it says inside', () => {
    expect(documentKind(enc('<html><script>alert(1)</script>%PDF-1.4</html>'))).toBe('unknown');
    expect(documentKind(new Uint8Array())).toBe('unknown');
  });

  it('tells an OFD from a DOCX and a plain zip by the entries of the archive', () => {
    expect(zipEntryNames(zip(['OFD.xml', 'Doc_0/Document.xml']))).toEqual(['OFD.xml', 'Doc_0/Document.xml']);
    expect(documentKind(zip(['OFD.xml', 'Doc_0/Document.xml']))).toBe('ofd');
    expect(documentKind(zip(['[Content_Types].xml', 'word/document.xml']))).toBe('docx');
    expect(documentKind(zip(['readme.txt']))).toBe('zip');
    // A zip whose directory is cut off is still a zip, not an OFD.
    expect(documentKind(zip(['OFD.xml']).subarray(0, 40))).toBe('zip');
  });
});

describe('decodeBase64', () => {
  it('decodes standard, URL-safe and data-URL base64, ignoring whitespace', () => {
    expect([...(decodeBase64('JVBERi0=') ?? [])]).toEqual([...enc('%PDF-')]);
    expect([...(decodeBase64(' JVBE\nRi0 ') ?? [])]).toEqual([...enc('%PDF-')]);
    expect([...(decodeBase64('data:application/pdf;base64,JVBERi0=') ?? [])]).toEqual([...enc('%PDF-')]);
    expect([...(decodeBase64('-_8') ?? [])]).toEqual([0xfb, 0xff]);
  });

  it('answers null for empty or undecodable data', () => {
    for (const bad of ['', '   ', '=', '不是数据', 'abc$', 'A', null, undefined, 42]) expect(decodeBase64(bad)).toBeNull();
  });
});

describe('fileNameFor', () => {
  it('keeps a fitting extension and adds the kind\'s otherwise', () => {
    expect(fileNameFor('缴存证明.pdf', 'pdf')).toBe('缴存证明.pdf');
    expect(fileNameFor('缴存证明', 'pdf')).toBe('缴存证明.pdf');
    expect(fileNameFor('照片.JPG', 'jpeg')).toBe('照片.JPG');
    expect(fileNameFor('', 'ofd')).toBe('电子文件.ofd');
    expect(fileNameFor('a/b:c', 'png')).toBe('a_b_c.png');
  });
});
