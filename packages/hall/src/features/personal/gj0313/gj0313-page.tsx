import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { errorMessage, systemClock } from '@gjj-hall/sdk';
import { fetchCaptcha, fetchPublicKey, type Captcha } from '@gjj-hall/sdk/auth';
import { isMobile } from '@gjj-hall/sdk/validate';
import { client } from '../../../shared/services';
import { TextField } from '../../../shared/wizard/fields';
import { Wizard, type WizardFormStep, type WizardValues } from '../../../shared/wizard/wizard';
import './gj0313.css';
import type { ApiData } from '@gjj-hall/sdk/api';

/**
 * GJ0313 个人手机号码变更 (menu /grwt/zhxx/zhxxbg/sjhbg; the code is ours, docs/api-applications.md): the new number,
 * then on 核对信息 the proof of both numbers just before submitting: an SMS code to the old number (or, when the old
 * number is out of use, the login password) and one to the new number, each send behind the picture captcha
 * (docs/api-personal.md › 信息变更与手机号码变更). The proof is kept out of the answers, so never in a draft.
 */

const BASE = '/api/izfgjj-zhfw/v1';
/** Seconds before the same button may send again (the server allows one SMS a minute per number). */
const RESEND_SECONDS = 60;

const STEPS: WizardFormStep[] = [
  {
    title: '新手机号码',
    render: ({ values, errors, set }) => (
      <div className="wizard-form">
        <TextField
          name="sjhm"
          label="新手机号码"
          value={values.sjhm ?? ''}
          error={errors.sjhm}
          onChange={set}
          maxLength={11}
          inputMode="tel"
          autoComplete="tel"
          hint="变更后，短信登录、找回密码的验证码和业务通知将发往新号码。提交前需验证原号码（或登录密码）和新号码"
        />
      </div>
    ),
    validate: (v): Record<string, string> => {
      const n = (v.sjhm ?? '').trim();
      if (!n) return { sjhm: '请输入新手机号码' };
      return isMobile(n) ? {} : { sjhm: '请输入正确的 11 位手机号码' };
    },
  },
];

const payload = (v: WizardValues) => ({ sjhm: (v.sjhm ?? '').trim() });
const INITIAL: WizardValues = { sjhm: '' };

type Mode = 'old' | 'password';
interface Proof {
  mode: Mode;
  oldCode: string;
  password: string;
  newCode: string;
}

/** A countdown in whole seconds, started by `start`. */
function useCountdown(): [number, () => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = systemClock.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => systemClock.clearTimeout(t);
  }, [left]);
  return [left, () => setLeft(RESEND_SECONDS)];
}

/** The proof panel on 核对信息: which way the old number is proved, the captcha, the codes. */
function ProofPanel({ sjhm, proof, setProof: keep, oldPhone, clearAlert }: { sjhm: string; proof: Proof; setProof: (p: Proof) => void; oldPhone: string; clearAlert: () => void }) {
  // What the user types answers the step's message (请输入…): it goes.
  const setProof = (p: Proof) => {
    keep(p);
    clearAlert();
  };
  const id = useId();
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const [captchaFailed, setCaptchaFailed] = useState(false);
  const [typed, setTyped] = useState('');
  const [status, setStatus] = useState('');
  const [failure, setFailure] = useState('');
  const [oldLeft, startOld] = useCountdown();
  const [newLeft, startNew] = useCountdown();
  const captchaInput = useRef<HTMLInputElement>(null);

  const refresh = useCallback(() => {
    setTyped('');
    setCaptcha(null);
    setCaptchaFailed(false);
    fetchCaptcha(client).then(setCaptcha, () => setCaptchaFailed(true));
  }, []);
  useEffect(() => {
    let live = true;
    fetchCaptcha(client).then(
      (c) => live && setCaptcha(c),
      () => live && setCaptchaFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const send = async (which: 'old' | 'new') => {
    setStatus('');
    setFailure('');
    if (!captcha || !/^[0-9A-Za-z]{4,6}$/.test(typed.trim())) {
      setFailure(captcha ? '请先输入图形验证码' : '图形验证码加载失败，请点击“看不清，换一张”');
      captchaInput.current?.focus();
      return;
    }
    const answer = { uuid: captcha.uuid, code: typed.trim() };
    try {
      if (which === 'old') await client.post(`${BASE}/sjhbg/sendOldCode`, answer, { silent: true });
      else await client.post(`${BASE}/sjhbg/sendNewCode`, { sjhm, ...answer }, { silent: true });
      (which === 'old' ? startOld : startNew)();
      setStatus(`验证码已发送至${which === 'old' ? `原手机号码 ${oldPhone}` : `新手机号码 ${sjhm}`}，5 分钟内有效`);
    } catch (error) {
      setFailure(errorMessage(error, '验证码发送失败，请稍后重试'));
    } finally {
      // Each picture serves one send, right or wrong.
      refresh();
    }
  };

  return (
    <fieldset className="wizard-proof">
      <legend className="wizard-proof__legend">提交前验证手机号码</legend>
      <fieldset className="wizard-proof__modes">
        <legend className="field__label">原手机号码{oldPhone ? `（${oldPhone}）` : ''}</legend>
        {(
          [
            ['old', '原手机号码仍在使用'],
            ['password', '原手机号码已停用'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className={`segment${proof.mode === value ? ' segment--on' : ''}`}>
            <input type="radio" name={`${id}-mode`} value={value} checked={proof.mode === value} onChange={() => setProof({ ...proof, mode: value })} />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-captcha`}>
          图形验证码
        </label>
        <p id={`${id}-captcha-hint`} className="field__hint">
          每次获取短信验证码前输入一次
        </p>
        <div className="field__control">
          <input
            id={`${id}-captcha`}
            ref={captchaInput}
            className="field__input"
            autoComplete="off"
            maxLength={6}
            value={typed}
            aria-describedby={`${id}-captcha-hint`}
            onChange={(e) => setTyped(e.target.value.replace(/\s/g, ''))}
          />
          <span className="captcha">
            {captcha ? (
              // data-uuid names the picture for the end-to-end tests, which read its answer from the development outbox.
              <img className="captcha__image" src={captcha.img} alt="图形验证码" width={120} height={42} data-uuid={captcha.uuid} />
            ) : (
              <span className="captcha__image captcha__image--empty">{captchaFailed ? '加载失败' : '加载中'}</span>
            )}
            <button type="button" className="link-button" onClick={refresh}>
              看不清，换一张
            </button>
          </span>
        </div>
      </div>
      {proof.mode === 'old' ? (
        <CodeField label="原手机号码验证码" value={proof.oldCode} onChange={(oldCode) => setProof({ ...proof, oldCode })} left={oldLeft} onSend={() => void send('old')} />
      ) : (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-password`}>
            登录密码
          </label>
          <p id={`${id}-password-hint`} className="field__hint">
            原号码已停用时，以登录密码确认是您本人办理
          </p>
          <div className="field__control">
            <input
              id={`${id}-password`}
              type="password"
              className="field__input"
              autoComplete="current-password"
              maxLength={20}
              value={proof.password}
              aria-describedby={`${id}-password-hint`}
              onChange={(e) => setProof({ ...proof, password: e.target.value })}
            />
          </div>
        </div>
      )}
      <CodeField label="新手机号码验证码" value={proof.newCode} onChange={(newCode) => setProof({ ...proof, newCode })} left={newLeft} onSend={() => void send('new')} />
      <p className="wizard-proof__status" role="status">
        {status}
      </p>
      <p className="form-alert" role="alert">
        {failure}
      </p>
    </fieldset>
  );
}

function CodeField({ label, value, onChange, left, onSend }: { label: string; value: string; onChange: (v: string) => void; left: number; onSend: () => void }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input id={id} className="field__input" inputMode="numeric" autoComplete="one-time-code" maxLength={8} value={value} onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))} />
        <button type="button" className="btn" onClick={onSend} disabled={left > 0}>
          {left > 0 ? `${left} 秒后重新获取` : '获取验证码'}
          <span className="visually-hidden">（{label}）</span>
        </button>
      </div>
    </div>
  );
}

/** The page of the menu entry (component name = its path, packages/server/src/seed/menus.ts). */
export function Gj0313Page() {
  const [proof, setProof] = useState<Proof>({ mode: 'old', oldCode: '', password: '', newCode: '' });
  const [oldPhone, setOldPhone] = useState('');
  useEffect(() => {
    client.get<ApiData<'/api/izfgjj-zhfw/v1/sjhbg/current', 'get'>>(`${BASE}/sjhbg/current`, { silent: true }).then(
      ({ data }) => setOldPhone(data?.sjhm ?? ''),
      () => setOldPhone(''),
    );
  }, []);

  const confirm = async (values: WizardValues): Promise<string> => {
    const { sjhm } = payload(values);
    if (proof.mode === 'old' && !proof.oldCode) return '请输入原手机号码验证码';
    if (proof.mode === 'password' && !proof.password) return '请输入登录密码';
    if (!proof.newCode) return '请输入新手机号码验证码';
    try {
      const body: Record<string, string> = { mode: proof.mode, sjhm, newCode: proof.newCode };
      if (proof.mode === 'old') body.oldCode = proof.oldCode;
      else {
        // sm-crypto only here: the password goes SM2-encrypted, like every password of the hall.
        const [{ sm2Encrypt }, key] = await Promise.all([import('./encrypt'), fetchPublicKey(client)]);
        body.pwdDec = sm2Encrypt(proof.password, key);
      }
      await client.post(`${BASE}/sjhbg/verify`, body, { silent: true });
      return '';
    } catch (error) {
      return errorMessage(error, '验证失败，请稍后重试');
    }
  };

  return (
    <Wizard
      ywlx="GJ0313"
      title="个人手机号码变更"
      formSteps={STEPS}
      initialValues={INITIAL}
      toPayload={payload}
      checkRows={(v) => [{ label: '新手机号码', value: payload(v).sjhm, formStep: 0 }]}
      beforeSubmit={(values, clearAlert) => <ProofPanel sjhm={payload(values).sjhm} proof={proof} setProof={setProof} oldPhone={oldPhone} clearAlert={clearAlert} />}
      confirmBeforeSubmit={confirm}
      nextSteps={() => (
        <p>您的手机号码已变更。今后短信登录、找回密码的验证码和业务通知将发往新号码；本账号在其他设备上的登录已失效，需要重新登录。</p>
      )}
    />
  );
}
