import type { FastifyInstance } from 'fastify';
import { inflateRawSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Db } from '../db/db';
import { prepareDatabase } from '../start';
import { crc32 } from '../public/files';
import { makePng } from './preview';

let db: Db;
let app: FastifyInstance;
const P = '/api/izfgjj-zhfw/v1';

beforeAll(async () => {
  db = await prepareDatabase({ memory: true }, true);
  app = await buildApp({ db });
});

afterAll(() => app.close());

interface FileRow {
  id: string;
  title: string;
  fileName: string;
  contentType: string;
  size: number;
  url: string;
}

/** The chunks of a PNG, each with its CRC checked. */
function pngChunks(png: Buffer): Array<{ type: string; data: Buffer }> {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const chunks: Array<{ type: string; data: Buffer }> = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('latin1');
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    chunks.push({ type, data });
    at += 12 + length;
  }
  return chunks;
}

/** The entries of a zip, inflated, by walking its local headers. */
function unzip(zip: Buffer): Map<string, string> {
  const out = new Map<string, string>();
  for (let at = 0; zip.readUInt32LE(at) === 0x04034b50; ) {
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const name = zip.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    out.set(name, inflateRawSync(zip.subarray(at + 30 + nameLength, at + 30 + nameLength + size)).toString('utf8'));
    at += 30 + nameLength + size;
  }
  return out;
}

describe('document preview samples (seed step 8)', () => {
  it('writes a PNG whose pixels decode to what was painted', () => {
    const png = makePng(3, 2, (x, y) => [x * 100, y * 200, 7]);
    const chunks = pngChunks(png);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(chunks[0]?.data.readUInt32BE(0)).toBe(3);
    expect(chunks[0]?.data.readUInt32BE(4)).toBe(2);
    const raw = inflateSync(chunks[1]?.data ?? Buffer.alloc(0));
    expect([...raw]).toEqual([0, 0, 0, 7, 100, 0, 7, 200, 0, 7, 0, 0, 200, 7, 100, 200, 7, 200, 200, 7]);
  });

  it('publishes a PNG flow chart and an OFD certificate beside the forms', async () => {
    const list = (await app.inject({ url: `${P}/cyxz/getList?pageSize=50` })).json<{ data: { list: FileRow[] } }>().data.list;
    const png = list.find((f) => f.contentType === 'image/png');
    const ofd = list.find((f) => f.contentType === 'application/ofd');
    expect(png?.fileName).toBe('住房公积金业务办理流程图.png');
    expect(ofd?.fileName).toBe('住房公积金缴存证明（样例）.ofd');

    const pngRes = await app.inject({ url: png?.url ?? '' });
    expect(pngRes.headers['content-type']).toBe('image/png');
    expect(Number(pngRes.headers['content-length'])).toBe(png?.size);
    const ihdr = pngChunks(pngRes.rawPayload)[0]?.data;
    expect([ihdr?.readUInt32BE(0), ihdr?.readUInt32BE(4)]).toEqual([640, 200]);

    const ofdRes = await app.inject({ url: ofd?.url ?? '' });
    expect(ofdRes.headers['content-type']).toBe('application/ofd');
    const entries = unzip(ofdRes.rawPayload);
    expect([...entries.keys()]).toEqual(['OFD.xml', 'Doc_0/Document.xml', 'Doc_0/PublicRes.xml', 'Doc_0/Pages/Page_0/Content.xml']);
    expect(entries.get('OFD.xml')).toContain('<ofd:DocRoot>Doc_0/Document.xml</ofd:DocRoot>');
    expect(entries.get('Doc_0/Document.xml')).toContain('BaseLoc="Pages/Page_0/Content.xml"');
    expect(entries.get('Doc_0/Pages/Page_0/Content.xml')).toContain('住房公积金缴存证明（样例）');
  });
});
