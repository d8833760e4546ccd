import { useEffect, useRef, useState } from 'react';
import type { GjjClient } from '@gjj-hall/sdk';
import { createQrAuth, QR_PENDING_STATUS, type QrAuth, type QrAuthState } from '@gjj-hall/sdk/auth';
import { useInstanceName } from '../shared/instance-name';
import { useWidgetStyles } from '../shared/styles';
import { useClient } from '../shared/use-client';
import { fetchSigningStatus, requestSigningCode, signedLetter } from './qr-signing-api';
import { QR_SIGNING_CSS } from './qr-signing.styles';

/** `gjj-signed`: the applicant signed the letter on the phone; `fileId` is the signed letter's file when known. */
export interface QrSignedDetail {
  ywbh: string;
  fileId?: string;
}

/** `gjj-expired`: the link ran out (countdown, or the server said 9) before it was signed. */
export interface QrExpiredDetail {
  ywbh: string;
}

/** Props of {@link QrSigning}. */
export interface QrSigningProps {
  /**
   * 关怀模式 (care mode, MIIT 适老化): text at least 18 px, contrast at least 7:1, targets at least 44 × 44 px, nothing that
   * moves (docs/care-mode.md). Also on when an ancestor in the page has `data-care` (the hall's `<html data-care>`).
   */
  care?: boolean;
  /** The application (业务编号) whose authorisation letter (授权委托书) is to be signed. */
  ywbh?: string;
  /**
   * Base URL of the centre's server;
   * when unset, the `apiBase` given to `configure()` (@gjj-hall/sdk/host), else the page's own origin.
   */
  apiBase?: string;
  /** The panel's name for screen readers; default 手机扫码签署授权委托书. */
  label?: string;
  /** A client to call with, instead of one made from `apiBase` (React use only). */
  client?: GjjClient;
  /** Signed on the phone. Element event: `gjj-signed`. */
  onSigned?: (detail: QrSignedDetail) => void;
  /** The link expired unsigned. Element event: `gjj-expired`. */
  onExpired?: (detail: QrExpiredDetail) => void;
}

/** Overlay texts of the terminal phases (spec 4.4, worded for signing). */
const OVERLAY: Partial<Record<QrAuthState['phase'], string>> = {
  expired: '二维码已过期',
  invalid: '二维码已失效',
  failed: '签署失败',
  error: '二维码加载失败',
};

const TITLE = '手机扫码签署授权委托书';

/**
 * The mobile-signing QR panel of spec 2.5 (380 px): a QR of `urlBase + uuid` (spec 3.7) that the applicant scans to
 * sign the authorisation letter on the phone, a countdown, the status polled every 3 s (spec 4.4), and over the QR the
 * expired, invalid, failed or load-failed text with a click-to-refresh button. Signed: 已签署 and `onSigned`.
 * Polling and the countdown stop when it unmounts (the element: when it leaves the page).
 *
 * @example
 * <QrSigning ywbh="GR2026000123" onSigned={({ fileId }) => next(fileId)} onExpired={() => console.info('expired')} />
 */
export function QrSigning({ ywbh, apiBase, label, client, care, onSigned, onExpired }: QrSigningProps) {
  const ref = useRef<HTMLElement>(null);
  useWidgetStyles(ref, QR_SIGNING_CSS);
  const api = useClient(client, apiBase);
  const name = useInstanceName(TITLE, label);
  const [state, setState] = useState<QrAuthState | null>(null);
  const [opened, setOpened] = useState(false);
  const machine = useRef<QrAuth | null>(null);
  const refreshButton = useRef<HTMLButtonElement>(null);
  const callbacks = useRef({ onSigned, onExpired });
  useEffect(() => {
    callbacks.current = { onSigned, onExpired };
  });

  useEffect(() => {
    if (!ywbh) return;
    const qr = createQrAuth({
      load: async () => {
        setOpened(false);
        const code = await requestSigningCode(api, ywbh);
        return { codeImgBase64: code.codeImgBase64, codeId: code.uuid, exp: code.exp };
      },
      poll: async (uuid) => {
        const result = await fetchSigningStatus(api, uuid);
        if (Number(result.status) === QR_PENDING_STATUS.scanned) setOpened(true);
        return result;
      },
      onChange: (next) => {
        setState(next);
        if (next.phase === 'expired' || next.phase === 'invalid') callbacks.current.onExpired?.({ ywbh });
      },
      onSuccess: (uuid) => {
        // The signed letter's file (qswc); signed it is even if that read fails.
        signedLetter(api, uuid)
          .catch(() => undefined)
          .then((fileId) => callbacks.current.onSigned?.(fileId ? { ywbh, fileId } : { ywbh }));
      },
    });
    machine.current = qr;
    qr.start();
    return () => {
      qr.stop();
      machine.current = null;
      setState(null);
    };
  }, [api, ywbh]);

  const phase = state?.phase ?? (ywbh ? 'loading' : 'idle');
  const overlay = OVERLAY[phase];
  // The refresh button is what a keyboard user needs next: it takes the focus when it appears.
  useEffect(() => {
    if (overlay) refreshButton.current?.focus();
  }, [overlay]);

  const image = state?.codeImgBase64;
  const src = image && !image.startsWith('data:') ? `data:image/png;base64,${image}` : image;
  const left = state?.remainingSeconds;
  const signed = phase === 'success';
  const hint = signed
    ? '授权委托书已签署，已存入本业务的申请材料'
    : !ywbh
      ? '缺少业务编号，无法生成签署二维码'
      : phase === 'shown' && opened
        ? '已扫码，请在手机上完成短信验证并签名'
        : '请申请人使用手机扫描二维码，验证短信后在手机上手写签名';
  const announce = signed ? '已签署' : overlay ? `${overlay}，请点击刷新` : phase === 'loading' ? '二维码加载中' : phase === 'shown' ? (opened ? '已扫码' : '二维码已显示，请扫码') : '';

  return (
    <section ref={ref} className="gjj-root gjj-qr-signing" data-care={care || undefined} part="panel" aria-label={name || TITLE} data-phase={phase}>
      <h2 className="gjj-qr-signing__title" part="title">{TITLE}</h2>
      <div className="gjj-qr-signing__frame" part="frame">
        {signed ? (
          <p className="gjj-qr-signing__done" part="done">
            <span aria-hidden="true" className="gjj-qr-signing__tick">✓</span>已签署
          </p>
        ) : src ? (
          <img className="gjj-qr-signing__image" part="image" src={src} alt="手机签署二维码" width={200} height={200} />
        ) : (
          <span className="gjj-qr-signing__placeholder">{phase === 'loading' ? '二维码加载中…' : ''}</span>
        )}
        {overlay && (
          <div className="gjj-qr-signing__overlay" part="overlay">
            <p className="gjj-qr-signing__message">{overlay}</p>
            <button ref={refreshButton} type="button" className="gjj-button" onClick={() => machine.current?.refresh()}>
              点击刷新
            </button>
          </div>
        )}
      </div>
      <p className="gjj-qr-signing__hint" part="hint">{hint}</p>
      {phase === 'shown' && left != null && (
        <p className="gjj-qr-signing__countdown" part="countdown">
          二维码 <b>{left}</b> 秒后失效
        </p>
      )}
      <p className="gjj-visually-hidden" role="status">
        {announce}
      </p>
    </section>
  );
}
