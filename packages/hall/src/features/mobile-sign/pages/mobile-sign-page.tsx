import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import SignaturePad from 'signature_pad';
import { DEFAULT_SMS_CODE_LENGTH, errorMessage } from '@gjj-hall/sdk';
import { stores } from '../../../shared/services';
import { SendCodeButton } from '../../../shared/ui/send-code-button';
import { usePageTitle } from '../../../shared/use-page-title';
import { fetchQmInfo, sendQmSmsCode, submitSignature, type QmInfo } from '../api/mobile-sign';
import './mobile-sign.css';

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** The configured SMS code length (XT_DXYZMCD), 4 to 8 digits, else the sdk's default. */
function codeLength(): number {
  const n = Number(stores.config.configValue('XT_DXYZMCD'));
  return Number.isInteger(n) && n >= 4 && n <= 8 ? n : DEFAULT_SMS_CODE_LENGTH;
}

type Load = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; info: QmInfo };

/** An object URL of the letter's PDF, for the link that opens it (revoked when the letter changes or the page leaves). */
function useLetterUrl(base64: string | undefined): string | undefined {
  const url = useMemo(() => {
    if (!base64) return undefined;
    const bytes = Uint8Array.from(atob(base64.replace(/^data:[^,]*,/, '')), (c) => c.charCodeAt(0));
    return URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  }, [base64]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/** signature_pad on a canvas that fills its box at the screen's pixel density, keeping the strokes when it resizes. */
function useSignaturePad(active: boolean) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);
  useEffect(() => {
    const el = canvas.current;
    if (!active || !el) return;
    const signature = new SignaturePad(el, { penColor: '#111', minWidth: 1.2, maxWidth: 3.2 });
    pad.current = signature;
    const fit = () => {
      const strokes = signature.toData();
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext('2d')?.scale(ratio, ratio);
      signature.clear();
      signature.fromData(strokes);
    };
    fit();
    const onEnd = () => setEmpty(signature.isEmpty());
    signature.addEventListener('endStroke', onEnd);
    window.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      signature.removeEventListener('endStroke', onEnd);
      signature.off();
      pad.current = null;
    };
  }, [active]);
  const clear = () => {
    pad.current?.clear();
    setEmpty(true);
  };
  return { canvas, pad, empty, clear };
}

/**
 * /mobileSign?uuid= (ours, no session): the phone side of the QR signing of the authorisation letter (授权委托书).
 * The page the desktop's QR opens: the application and the letter (its text, and the PDF to open), the SMS code sent
 * to the applicant's phone on file (the send-code countdown of spec 4.8), a finger signature (signature_pad; 清除
 * starts over; an empty pad is refused), then 提交: the server checks the code, stamps the signature on the letter and
 * spends the link, and the desktop shows 已签署.
 */
export function MobileSignPage() {
  usePageTitle('签署授权委托书');
  const [params] = useSearchParams();
  const uuid = params.get('uuid') ?? '';
  const valid = UUID.test(uuid);
  const [load, setLoad] = useState<Load>(valid ? { status: 'loading' } : { status: 'failed', message: '签署链接无效，请在电脑上重新生成二维码后扫码' });
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ code?: string; signature?: string }>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const length = codeLength();
  const info = load.status === 'ready' ? load.info : undefined;
  const letterUrl = useLetterUrl(info?.letterBase64);
  const { canvas, pad, empty, clear } = useSignaturePad(Boolean(info) && !done);
  const codeInput = useRef<HTMLInputElement>(null);
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const padHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!valid) return;
    let live = true;
    fetchQmInfo(uuid).then(
      (answer) => live && setLoad({ status: 'ready', info: answer }),
      (error: unknown) => live && setLoad({ status: 'failed', message: errorMessage(error, '签署链接已失效，请在电脑上重新生成二维码后扫码') }),
    );
    return () => {
      live = false;
    };
  }, [uuid, valid]);

  useEffect(() => {
    if (done) doneHeading.current?.focus();
  }, [done]);

  const codeRule = (value: string) => (!value ? '请输入短信验证码' : value.length !== length ? `请输入${length}位短信验证码` : '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { code: codeRule(code), signature: pad.current?.isEmpty() !== false ? '请在签名区内手写签名' : '' };
    setErrors(found);
    if (found.code) return codeInput.current?.focus();
    if (found.signature) return padHeading.current?.focus();
    if (busy || !pad.current) return;
    setBusy(true);
    setFailure('');
    submitSignature(uuid, code, pad.current.toDataURL('image/png'))
      .then((msg) => setDone(msg && msg !== 'ok' && msg !== 'success' ? msg : '签署成功'))
      .catch((error: unknown) => setFailure(errorMessage(error, '提交失败，请重试')))
      .finally(() => setBusy(false));
  };

  return (
    <section className="page mobile-sign" aria-labelledby="mobile-sign-title">
      <h1 id="mobile-sign-title" className="mobile-sign__title">
        签署授权委托书
      </h1>
      {load.status === 'loading' && <p role="status">正在加载，请稍候…</p>}
      {load.status === 'failed' && (
        <p className="mobile-sign__failed" role="alert">
          {load.message}
        </p>
      )}
      {info && done && (
        <div className="mobile-sign__done" role="status">
          <h2 ref={doneHeading} tabIndex={-1}>
            {done}
          </h2>
          <p>授权委托书已签署并存入业务 {info.ywbh} 的申请材料，请回到电脑上继续办理。</p>
        </div>
      )}
      {info && !done && (
        <form className="mobile-sign__form" noValidate onSubmit={submit} aria-label="签署授权委托书">
          <section className="mobile-sign__card" aria-labelledby="mobile-sign-letter">
            <h2 id="mobile-sign-letter">1. 阅读授权委托书</h2>
            {info.letterText ? (
              // The letter's own lines, its title left out (the page's heading says it).
              <div className="mobile-sign__letter">{info.letterText.split('\n').slice(1).join('\n')}</div>
            ) : (
              <dl className="mobile-sign__facts">
                <dt>申请人</dt>
                <dd>{info.applicantName}</dd>
                <dt>业务</dt>
                <dd>{info.ywmc}</dd>
                <dt>业务编号</dt>
                <dd>{info.ywbh}</dd>
              </dl>
            )}
            {letterUrl && (
              <p>
                <a href={letterUrl} target="_blank" rel="noopener" download={`授权委托书-${info.ywbh}.pdf`}>
                  查看授权委托书全文（PDF）
                </a>
              </p>
            )}
          </section>

          <section className="mobile-sign__card" aria-labelledby="mobile-sign-verify">
            <h2 id="mobile-sign-verify">2. 短信验证</h2>
            <p id="mobile-sign-note" className="page__muted">
              验证码将发送至申请人在公积金中心预留的手机号码，仅申请人本人可签署。
            </p>
            <div className={`field${errors.code ? ' field--invalid' : ''}`}>
              <label className="field__label" htmlFor="mobile-sign-code">
                短信验证码
              </label>
              <div className="field__control">
                <input
                  id="mobile-sign-code"
                  ref={codeInput}
                  className="field__input"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={length}
                  placeholder={`请输入${length}位短信验证码`}
                  value={code}
                  aria-invalid={errors.code ? true : undefined}
                  aria-describedby={errors.code ? 'mobile-sign-code-error' : undefined}
                  onChange={(e) => {
                    const next = e.target.value.replace(/\D/g, '');
                    setCode(next);
                    if (errors.code) setErrors((er) => ({ ...er, code: codeRule(next) }));
                  }}
                />
                <SendCodeButton storageKey={`qmSignCodeTime:${uuid}`} send={() => sendQmSmsCode(uuid)} aria-describedby="mobile-sign-note" />
              </div>
              <p id="mobile-sign-code-error" className="field__error">
                {errors.code}
              </p>
            </div>
          </section>

          <section className="mobile-sign__card" aria-labelledby="mobile-sign-pad-title">
            <h2 id="mobile-sign-pad-title" ref={padHeading} tabIndex={-1}>
              3. 手写签名
            </h2>
            <p id="mobile-sign-pad-hint" className="page__muted">
              请用手指（或鼠标）在下方签名区内写下申请人姓名。
            </p>
            <div
              role="img"
              aria-label={empty ? '签名区，尚未签名' : '签名区，已签名'}
              aria-describedby={errors.signature ? 'mobile-sign-pad-error' : 'mobile-sign-pad-hint'}
            >
              <canvas ref={canvas} className={`mobile-sign__pad${errors.signature ? ' mobile-sign__pad--invalid' : ''}`} />
            </div>
            <p id="mobile-sign-pad-error" className="field__error" role="alert">
              {errors.signature}
            </p>
            <button type="button" className="btn" onClick={clear}>
              清除
            </button>
          </section>

          <div className="form-alert" role="alert">
            {failure}
          </div>
          <button type="submit" className="btn btn--primary mobile-sign__submit" disabled={busy}>
            {busy ? '正在提交…' : '提交'}
          </button>
        </form>
      )}
    </section>
  );
}
