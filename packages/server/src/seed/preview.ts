import { deflateSync } from 'node:zlib';
import type { Queryable } from '../db/db';
import { crc32, makeZip } from '../public/files';
import { DEMO_CENTRE } from './shell';

// Seed step 8 (issue 7, document preview): two more published files besides the forms of step 7, so the preview of
// /ylOfd can be shown with an image and with an OFD document: a PNG flow chart and an OFD (GB/T 33190) certificate
// sample. Both are written here, without dependencies.

/** An RGB colour. */
type Rgb = readonly [number, number, number];

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A truecolour PNG (8-bit RGB, no interlace) of `width` × `height` drawn by `paint(x, y)`.
 *
 * @example
 * makePng(2, 2, () => [255, 255, 255]) // a white 2×2 picture
 */
export function makePng(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = paint(x, y);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The flow chart: four steps as boxes joined by arrows (申请 → 受理 → 审核 → 办结), in the hall's blue. */
export function flowChartPng(): Buffer {
  const W = 640;
  const H = 200;
  const blue: Rgb = [21, 89, 181];
  const light: Rgb = [232, 240, 251];
  const white: Rgb = [255, 255, 255];
  const boxes = [0, 1, 2, 3].map((i) => ({ x0: 24 + i * 156, x1: 24 + i * 156 + 120, y0: 60, y1: 140 }));
  return makePng(W, H, (x, y) => {
    for (const b of boxes) {
      const inside = x >= b.x0 && x < b.x1 && y >= b.y0 && y < b.y1;
      if (!inside) continue;
      const edge = x < b.x0 + 4 || x >= b.x1 - 4 || y < b.y0 + 4 || y >= b.y1 - 4;
      return edge ? blue : light;
    }
    // Arrows between boxes: a shaft and a head pointing right.
    for (let i = 0; i < 3; i += 1) {
      const from = (boxes[i]?.x1 ?? 0) + 4;
      const to = (boxes[i + 1]?.x0 ?? 0) - 4;
      if (x >= from && x < to - 10 && y >= 98 && y < 102) return blue;
      if (x >= to - 12 && x < to && Math.abs(y - 100) <= to - x) return blue;
    }
    return white;
  });
}

const OFD_NS = 'http://www.ofdspec.org/2016';
const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>${body}`;
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/**
 * A one-page OFD document (GB/T 33190-2016): OFD.xml at the root, one document with one A4 page of text lines in
 * 宋体. Readers that support OFD open it; the hall offers it for download.
 */
export function makeOfd(title: string, lines: readonly string[]): Buffer {
  const text = [title, ...lines]
    .map(
      (line, i) =>
        `<ofd:TextObject ID="${10 + i}" Boundary="20 ${20 + i * 10} 170 10" Font="2" Size="${i === 0 ? 6 : 4.2}">` +
        `<ofd:FillColor Value="0 0 0"/><ofd:TextCode X="0" Y="${i === 0 ? 6 : 4.5}">${esc(line)}</ofd:TextCode></ofd:TextObject>`,
    )
    .join('');
  return makeZip([
    {
      name: 'OFD.xml',
      data: Buffer.from(
        xml(
          `<ofd:OFD xmlns:ofd="${OFD_NS}" Version="1.0" DocType="OFD"><ofd:DocBody><ofd:DocInfo>` +
            `<ofd:DocID>6a1c1f0e5b2a4d7c9e3f80b1c2d3e4f5</ofd:DocID><ofd:Title>${esc(title)}</ofd:Title>` +
            `<ofd:Author>${esc(DEMO_CENTRE)}</ofd:Author><ofd:CreationDate>2026-03-10</ofd:CreationDate>` +
            `</ofd:DocInfo><ofd:DocRoot>Doc_0/Document.xml</ofd:DocRoot></ofd:DocBody></ofd:OFD>`,
        ),
      ),
    },
    {
      name: 'Doc_0/Document.xml',
      data: Buffer.from(
        xml(
          `<ofd:Document xmlns:ofd="${OFD_NS}"><ofd:CommonData><ofd:MaxUnitID>${10 + lines.length}</ofd:MaxUnitID>` +
            `<ofd:PageArea><ofd:PhysicalBox>0 0 210 297</ofd:PhysicalBox></ofd:PageArea>` +
            `<ofd:PublicRes>PublicRes.xml</ofd:PublicRes></ofd:CommonData>` +
            `<ofd:Pages><ofd:Page ID="1" BaseLoc="Pages/Page_0/Content.xml"/></ofd:Pages></ofd:Document>`,
        ),
      ),
    },
    {
      name: 'Doc_0/PublicRes.xml',
      data: Buffer.from(
        xml(`<ofd:Res xmlns:ofd="${OFD_NS}" BaseLoc="Res"><ofd:Fonts><ofd:Font ID="2" FontName="宋体" FamilyName="宋体"/></ofd:Fonts></ofd:Res>`),
      ),
    },
    {
      name: 'Doc_0/Pages/Page_0/Content.xml',
      data: Buffer.from(xml(`<ofd:Page xmlns:ofd="${OFD_NS}"><ofd:Content><ofd:Layer ID="3">${text}</ofd:Layer></ofd:Content></ofd:Page>`)),
    },
  ]);
}

/** The OFD type (GB/T 33190). */
export const OFD_TYPE = 'application/ofd';

/** Seeds the preview samples as two more common downloads (seed step 8). */
export async function seedPreview(tx: Queryable): Promise<void> {
  const files: Array<[string, string, string, Buffer, string]> = [
    ['住房公积金业务办理流程图', '住房公积金业务办理流程图.png', 'image/png', flowChartPng(), '2026-06-10'],
    [
      '住房公积金缴存证明（OFD 样例）',
      '住房公积金缴存证明（样例）.ofd',
      OFD_TYPE,
      makeOfd('住房公积金缴存证明（样例）', [
        '姓名：张三    证件号码：110101********2316',
        `缴存单位：示例科技有限公司    管理中心：${DEMO_CENTRE}`,
        '账户状态：正常    月缴存额：2,400.00 元',
        '本证明为样例，仅供演示 OFD 版式文件下载。',
      ]),
      '2026-07-10',
    ],
  ];
  for (const [i, [title, fileName, type, bytes, date]] of files.entries()) {
    await tx.query(
      `insert into download_file (title, file_name, content_type, content, publish_date, sort) values ($1, $2, $3, $4, $5, $6)`,
      [title, fileName, type, bytes, date, 100 + i],
    );
  }
}
