#!/usr/bin/env node
import { DEMO_LOGINS, DEMO_PASSWORD } from './seed/demo';
import { settingsFromEnv, startServer, startupWarnings } from './start';

let settings: ReturnType<typeof settingsFromEnv>;
try {
  settings = settingsFromEnv();
} catch (error) {
  console.error(`服务未启动：${(error as Error).message}`);
  process.exit(1);
}
const where =
  'databaseUrl' in settings.target ? 'PostgreSQL（DATABASE_URL）' : `内嵌 PostgreSQL（PGlite），数据目录 ${'dataDir' in settings.target ? settings.target.dataDir : '内存'}`;

let server: Awaited<ReturnType<typeof startServer>>;
try {
  server = await startServer(settings);
} catch (error) {
  const e = error as NodeJS.ErrnoException;
  if (e.code === 'EADDRINUSE') console.error(`端口 ${settings.port} 已被占用：请关闭占用它的程序，或用 PORT=其他端口 npm start`);
  else {
    // The message says what to do; the stack only where asked for (LOG_LEVEL=debug).
    console.error(`服务启动失败：${e.message}`);
    if (/^(debug|trace)$/.test(settings.logLevel)) console.error(e);
  }
  process.exit(1);
}

const lines = [
  '',
  `网上业务大厅已启动：${server.url}/home.html`,
  `接口：${server.url}/api    数据库：${where}`,
  '',
  settings.seed ? `演示账号（密码均为 ${DEMO_PASSWORD}）：` : `未载入演示数据（${settings.production ? '生产环境' : 'SEED_DEMO=0'}）。`,
  ...(settings.seed ? DEMO_LOGINS.map((u) => `  ${u.kind}：${u.account}（${u.name}，手机 ${u.phone}）`) : []),
  ...(settings.devRoutes ? ['', `开发接口（仅本机）：${server.url}/dev/outbox（图形验证码答案、短信验证码）`] : []),
  ...(settings.centreApiKey
    ? ['', `中心端接口：${server.url}/api/centre/v1（请求头 x-centre-key）；演示命令：npm run centre -w @gjj-hall/server -- list`]
    : []),
  '',
  '按 Ctrl-C 停止。',
  '',
];
console.log(lines.join('\n'));
// Loud, and at every start: what makes this server unfit for real citizens' data.
const warnings = startupWarnings(settings);
if (warnings.length) {
  const bar = '!'.repeat(72);
  console.warn([bar, ...warnings, bar, ''].join('\n'));
  for (const warning of warnings) server.app.log.warn(warning);
}

let stopping = false;
async function stop(signal: string) {
  if (stopping) {
    console.error('再次收到退出信号，立即退出。');
    process.exit(1);
  }
  stopping = true;
  console.log(`收到 ${signal}，正在关闭服务和数据库…`);
  const force = setTimeout(() => {
    console.error('关闭超时，强制退出。');
    process.exit(1);
  }, 10_000);
  force.unref();
  await server.app.close();
  console.log('已安全关闭。');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
