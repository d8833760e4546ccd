import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { mergeToPdf, pdfPageCount, renderLetter } from './pdf';
import { image, pdf } from './test-files';

const DATA = { name: '张三丰', idLabel: '证件号码', idNumber: '110101199003072316', ywmc: '个人账户信息变更', ywbh: 'GJ03022026112600000042', date: '2026年11月26日' };

/** Whether a poppler tool is installed (the CI machine installs poppler-utils; elsewhere these checks are skipped). */
const has = (tool: string): boolean => {
  try {
    execFileSync(tool, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

describe('the authorisation letter', () => {
  it('embeds a subset of the CJK font and its text reads back in Chinese', async () => {
    const bytes = await renderLetter(DATA, { signaturePng: image('png', 400, 160), signedAt: '2026-11-26 10:00:00' });
    // A subset, not the 10 MB font.
    expect(bytes.length).toBeLessThan(200_000);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('授权委托书 GJ03022026112600000042');
    const dir = mkdtempSync(join(tmpdir(), 'letter-'));
    const file = join(dir, 'letter.pdf');
    writeFileSync(file, bytes);
    if (has('pdffonts')) {
      const fonts = execFileSync('pdffonts', [file]).toString();
      // Embedded (emb yes) TrueType, Unicode-mapped.
      expect(fonts).toMatch(/NotoSansSC\S*\s+CID TrueType\s+Identity-H\s+yes\s+\S+\s+yes/);
    }
    if (has('pdftotext')) {
      const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
      for (const words of ['授权委托书', '张三丰', '110101199003072316', '个人账户信息变更', 'GJ03022026112600000042', '日期：2026年11月26日', '签署时间：2026-11-26 10:00:00', '委托人签字']) {
        expect(text).toContain(words);
      }
    }
    if (has('pdftoppm')) {
      execFileSync('pdftoppm', ['-r', '60', '-png', '-singlefile', file, join(dir, 'letter')]);
      expect(readFileSync(join(dir, 'letter.png')).length).toBeGreaterThan(5000);
    }
  });
});

describe('merging', () => {
  it('counts pages and refuses what pdf-lib cannot read', async () => {
    expect(await pdfPageCount(await pdf(4))).toBe(4);
    expect(await pdfPageCount(Buffer.from('%PDF-1.4 nothing'))).toBeNull();
    const merged = await mergeToPdf(
      [
        { mimeType: 'application/pdf', bytes: await pdf(2) },
        { mimeType: 'image/jpeg', bytes: image('jpeg', 2000, 3000) },
      ],
      't',
    );
    const doc = await PDFDocument.load(merged);
    expect(doc.getPageCount()).toBe(3);
  });
});
