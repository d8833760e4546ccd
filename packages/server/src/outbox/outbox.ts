import type { Db } from '../db/db';
import { ApiError } from '../http/envelope';

/** What the server "sends": a captcha answer (to its uuid), an SMS code or an SMS notice without a code (to a phone). */
export interface OutboxMessage {
  kind: 'captcha' | 'sms' | 'notice';
  /** The captcha uuid or the phone number. */
  to: string;
  /** The captcha answer, the SMS code, or the notice's text. */
  code: string;
}

/**
 * The development outbox: every captcha answer and SMS code, kept in the database so that tests (and a developer
 * without a phone) can read them at GET /dev/outbox. Absent in production.
 */
export interface Outbox {
  record(message: OutboxMessage): Promise<void>;
}

/**
 * Sends SMS: verification codes, and notices without a code (e.g. telling a phone's owner that the phone signs in
 * no login, instead of telling whoever typed it). A real deployment passes one that calls its gateway; outside
 * production the development sink logs to the console and records in the outbox. A send that throws answers 503
 * 短信服务暂时不可用，请稍后再试 and counts against no limit (docs/security/enumeration-sms.md).
 *
 * @example
 * const sms: SmsGateway = {
 *   async send(phone, code) { await gateway.post({ phone, text: `验证码 ${code}，5 分钟内有效` }) },
 *   async notify(phone, text) { await gateway.post({ phone, text }) },
 * }
 * await buildApp({ db, sms })
 */
export interface SmsGateway {
  /** Sends `code` to `phone`; throws (an ApiError with a Chinese message) when it cannot. */
  send(phone: string, code: string): Promise<void>;
  /** Sends the text of a notice (no code) to `phone`; throws when it cannot. */
  notify(phone: string, text: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS gateway of this server (the development sink outside production unless one is given). */
    sms: SmsGateway;
  }
}

/** The outbox on the database. */
export function createDevOutbox(db: Db, now: () => Date): Outbox {
  return {
    async record({ kind, to, code }) {
      await db.query('insert into dev_outbox (kind, recipient, code, at) values ($1, $2, $3, $4)', [kind, to, code, now()]);
    },
  };
}

const DEV_GATEWAY = Symbol('gjj-hall development SMS sink');

/** The development SMS sink: the console and the outbox, nothing leaves the machine. Refused in production. */
export function createDevSmsGateway(outbox: Outbox, log: (line: string) => void = console.log): SmsGateway {
  const gateway: SmsGateway & { [DEV_GATEWAY]?: true } = {
    async send(phone, code) {
      log(`[开发短信] 发送至 ${phone}：验证码 ${code}`);
      await outbox.record({ kind: 'sms', to: phone, code });
    },
    async notify(phone, text) {
      log(`[开发短信] 发送至 ${phone}：${text}`);
      await outbox.record({ kind: 'notice', to: phone, code: text });
    },
  };
  gateway[DEV_GATEWAY] = true;
  return gateway;
}

/** True for the gateway `createDevSmsGateway` made (buildApp refuses it in production). */
export function isDevSmsGateway(gateway: SmsGateway): boolean {
  return (gateway as { [DEV_GATEWAY]?: true })[DEV_GATEWAY] === true;
}

/** Production without a configured gateway: sending fails with a message that says what is missing. */
export const unconfiguredSmsGateway: SmsGateway = {
  async send() {
    throw new ApiError(503, '短信服务未配置，请联系管理员');
  },
  async notify() {
    throw new ApiError(503, '短信服务未配置，请联系管理员');
  },
};
