#!/usr/bin/env node
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CENTRE_KEY_HEADER, CENTRE_PREFIX } from './centre';

/**
 * `npm run centre -w @gjj-hall/server -- list|show|accept|complete|return|reject …`: the centre's staff, for demos.
 * It calls the running server's centre API (an embedded PGlite data directory opens in one process only), at
 * CENTRE_URL (default http://127.0.0.1:$PORT, PORT 8080), with CENTRE_API_KEY or the key `npm start` keeps in
 * DATA_DIR/centre-api.key (DATA_DIR `.data` from where npm was run). docs/api-applications.md.
 */

export const USAGE = `用法：npm run centre -w @gjj-hall/server -- <命令> [业务编号] [选项]
  list [--zt 01,02] [--limit 50] [--after 业务编号]   待办件（默认已提交和已受理）
  show <业务编号>                                    办件详情和状态记录
  accept <业务编号> [--note 意见]                    受理
  complete <业务编号> [--note 意见]                  办结（同一事务中更新业务数据）
  return <业务编号> --reason 原因 [--reason 原因…]    退回补正
  reject <业务编号> --reason 原因 [--reason 原因…]    不予受理
  共同选项：--operator 经办人（默认“中心经办人”）
环境变量：CENTRE_URL（默认 http://127.0.0.1:8080）、CENTRE_API_KEY（默认读取 DATA_DIR/centre-api.key，DATA_DIR 默认 .data）`;

/** The key: CENTRE_API_KEY, else the file npm start keeps. */
export function centreKeyFrom(env: NodeJS.ProcessEnv): string {
  if (env.CENTRE_API_KEY) return env.CENTRE_API_KEY;
  const file = resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? '.data', 'centre-api.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  throw new Error(`找不到中心接口密钥：请设置 CENTRE_API_KEY，或先运行 npm start（它把密钥保存在 ${file}）`);
}

interface Row {
  ywbh: string;
  ywmc: string;
  ztmc: string;
  zh: string;
  submittedAt: string | null;
  promisedDate: string | null;
}

/** Runs one command; resolves with the lines to print, rejects with a message. */
export async function runCentre(argv: string[], env: NodeJS.ProcessEnv, fetchImpl: typeof fetch = fetch): Promise<string[]> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      zt: { type: 'string' },
      limit: { type: 'string' },
      after: { type: 'string' },
      note: { type: 'string' },
      reason: { type: 'string', multiple: true },
      operator: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ywbh] = positionals;
  if (values.help || !command) return [USAGE];
  const base = `${(env.CENTRE_URL ?? `http://127.0.0.1:${env.PORT ?? 8080}`).replace(/\/$/, '')}${CENTRE_PREFIX}`;
  const key = centreKeyFrom(env);
  const call = async (path: string, body?: object) => {
    let res: Response;
    try {
      res = await fetchImpl(`${base}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { [CENTRE_KEY_HEADER]: key, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    } catch {
      throw new Error(`连不上服务端 ${base}：请先运行 npm start，或设置 CENTRE_URL`);
    }
    const json = (await res.json().catch(() => null)) as { code: number; msg: string; data: unknown } | null;
    if (res.status === 404 && !ywbh) throw new Error('服务端未开启中心接口：请设置 CENTRE_API_KEY 后重新启动');
    if (!json || json.code !== 0) throw new Error(json?.msg ?? `服务端答 HTTP ${res.status}`);
    return json.data;
  };

  if (command === 'list') {
    const query = new URLSearchParams();
    if (values.zt) query.set('zt', values.zt);
    if (values.limit) query.set('limit', values.limit);
    if (values.after) query.set('after', values.after);
    const data = (await call(`/applications?${query}`)) as { list: Row[]; next: string | null };
    if (data.list.length === 0) return ['没有待办件。'];
    return [
      ...data.list.map((r) => `${r.ywbh}  ${r.ztmc}  ${r.ywmc}  账号 ${r.zh || '-'}  提交 ${r.submittedAt ?? '-'}  承诺 ${r.promisedDate ?? '-'}`),
      ...(data.next ? [`下一页：--after ${data.next}`] : []),
    ];
  }
  if (!ywbh) throw new Error(`缺少业务编号\n${USAGE}`);
  if (command === 'show') return [JSON.stringify(await call(`/applications/${ywbh}`), null, 2)];
  if (command === 'accept' || command === 'complete' || command === 'return' || command === 'reject') {
    const body = {
      operator: values.operator ?? '中心经办人',
      ...(values.note ? { note: values.note } : {}),
      ...(values.reason ? { reasons: values.reason } : {}),
    };
    const row = (await call(`/applications/${ywbh}/${command}`, body)) as Row;
    return [`${row.ywbh}  ${row.ywmc}：${row.ztmc}`];
  }
  throw new Error(`不认识的命令：${command}\n${USAGE}`);
}

// Run as the command (dist/centre.js), not when imported by a test.
if (process.argv[1] && /centre(-cli)?\.(js|ts)$/.test(process.argv[1])) {
  runCentre(process.argv.slice(2), process.env).then(
    (lines) => console.log(lines.join('\n')),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
