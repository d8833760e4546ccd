import type { Hooks, LoginFile } from './types';

/**
 * The hooks of a login file as functions: `hooks.captcha` is a URL with `{uuid}` answering the captcha's answer
 * (JSON `{ code }`, `{ data: [{ code }] }` as the reference server's /dev/outbox answers, or plain text);
 * `hooks.sms` a URL with `{phone}` answering the newest SMS code sent to it, the same way;
 * `hooks.centre` is the centre API (`POST {base}/applications/{ywbh}/{action}`, header x-centre-key).
 */
export function hooksFromLoginFile(file: LoginFile, fetcher: typeof fetch = fetch): Hooks {
  const hooks: Hooks = {};
  /** The code a hook URL answers: JSON `{ code }`, `{ data: [{ code }] }`, `{ data: { code } }`, or the text. */
  const read = async (url: string): Promise<string> => {
    const response = await fetcher(url);
    const text = await response.text();
    try {
      const body = JSON.parse(text) as { code?: unknown; data?: Array<{ code?: unknown }> | { code?: unknown } };
      const code = typeof body.code === 'string' ? body.code : Array.isArray(body.data) ? body.data[0]?.code : body.data?.code;
      return typeof code === 'string' ? code : '';
    } catch {
      return text.trim();
    }
  };
  const captcha = file.hooks?.captcha;
  if (captcha) hooks.captcha = (uuid) => read(captcha.replace('{uuid}', encodeURIComponent(uuid)));
  const sms = file.hooks?.sms;
  if (sms) {
    // An SMS is sent after the call that asks for it answers: asked again, a little later each time, for up to ~6 s.
    hooks.sms = async (phone) => {
      for (let attempt = 0; attempt < 12; attempt++) {
        const code = await read(sms.replace('{phone}', encodeURIComponent(phone)));
        if (code) return code;
        await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
      }
      return '';
    };
  }
  const centre = file.hooks?.centre;
  if (centre) {
    hooks.decide = async (ywbh, action) => {
      const response = await fetcher(`${centre.base.replace(/\/+$/, '')}/applications/${encodeURIComponent(ywbh)}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-centre-key': centre.key },
        body: JSON.stringify({ operator: centre.operator ?? '一致性检查', note: '一致性检查' }),
      });
      if (!response.ok) throw new Error(`中心接口 ${action} ${ywbh} 应答 ${response.status}：${(await response.text()).slice(0, 200)}`);
    };
  }
  return hooks;
}
