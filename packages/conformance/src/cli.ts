#!/usr/bin/env node
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { hooksFromLoginFile } from './hooks';
import { htmlReport, jsonReport, junitReport } from './report';
import { runConformance } from './run';
import { PROFILES, type LoginFile, type Profile } from './types';

const USAGE = `用法：gjj-conformance --base <地址> [选项]

  --base <url>          中心后端的地址（如 https://uat.gjj.example.gov.cn/api）
  --profile <列表>      检查范围，逗号分隔：${PROFILES.join(',')}（默认全部）
  --login-file <文件>   测试账号和钩子（JSON，见 docs/conformance.md）
  --report <目录>       写出 report.html、report.json、junit.xml
  --allow-writes        允许提交业务（会改变测试账号的数据）；默认只读
  --i-own-this          目标看起来像生产环境时，确认是自己的环境
  --budget <n>          最多发出的请求数（默认 600）
  --rate <n>            每秒最多请求数（默认 10）
  --openapi <url>       OpenAPI 文档地址（默认 <根>/api/openapi.json）

退出码：0 全部通过（可有跳过），1 有不通过，2 用法错误或被拒绝运行。`;

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        base: { type: 'string' },
        profile: { type: 'string' },
        'login-file': { type: 'string' },
        report: { type: 'string' },
        'allow-writes': { type: 'boolean' },
        'i-own-this': { type: 'boolean' },
        budget: { type: 'string' },
        rate: { type: 'string' },
        openapi: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help || !args.base) {
    console.error(USAGE);
    return args.help ? 0 : 2;
  }
  const positive = (name: string, text: string | undefined) => {
    if (text === undefined) return undefined;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} 必须是正整数`);
    return n;
  };
  try {
    const logins: LoginFile = args['login-file'] ? (JSON.parse(readFileSync(resolve(args['login-file']), 'utf8')) as LoginFile) : {};
    const report = await runConformance({
      base: args.base,
      profiles: args.profile ? (args.profile.split(',').map((p) => p.trim()).filter(Boolean) as Profile[]) : undefined,
      logins,
      hooks: hooksFromLoginFile(logins),
      allowWrites: args['allow-writes'] ?? false,
      iOwnThis: args['i-own-this'] ?? false,
      budget: positive('budget', args.budget),
      rate: positive('rate', args.rate),
      openapi: args.openapi,
    });
    if (args.report) {
      const dir = resolve(args.report);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'report.html'), htmlReport(report));
      writeFileSync(join(dir, 'report.json'), jsonReport(report));
      writeFileSync(join(dir, 'junit.xml'), junitReport(report));
      console.error(`报告：${join(dir, 'report.html')}、report.json、junit.xml`);
    }
    return report.ok ? 0 : 1;
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
}

process.exitCode = await main();
