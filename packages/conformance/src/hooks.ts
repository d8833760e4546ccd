import type { Hooks, LoginFile } from './types';

/**
 * The hooks of a login file as functions: `hooks.captcha` is a URL with `{uuid}` answering the captcha's answer
 * (JSON `{ code }`, `{ data: [{ code }] }` as the reference server's /dev/outbox answers, or plain text);
 * `hooks.centre` is the centre API (`POST {base}/applications/{ywbh}/{action}`, header x-centre-key).
 */
export function hooksFromLoginFile(file: LoginFile, fetcher: typeof fetch = fetch): Hooks {
  const hooks: Hooks = {};
  const captcha = file.hooks?.captcha;
  if (captcha) {
    hooks.captcha = async (uuid) => {
      const response = await fetcher(captcha.replace('{uuid}', encodeURIComponent(uuid)));
      const text = await response.text();
      try {
        const body = JSON.parse(text) as { code?: unknown; data?: Array<{ code?: unknown }> | { code?: unknown } };
        const code = typeof body.code === 'string' ? body.code : Array.isArray(body.data) ? body.data[0]?.code : body.data?.code;
        if (typeof code === 'string') return code;
      } catch {
        // plain text
      }
      return text.trim();
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
