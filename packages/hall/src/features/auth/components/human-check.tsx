import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { CaptchaAnswer } from '@gjj-hall/sdk/auth';
import type { CaptchaState } from './captcha-field';

const PictureCheck = lazy(() => import('./picture-check'));

/** What a proof of work may be spent on (docs/security/human-check.md). */
export type HumanCheckAction = 'login' | 'sms';
/** Answered by the server when this address must solve the picture instead (its abuse signal). */
export const PICTURE_REQUIRED_MESSAGE = '为保护账号安全，请输入图形验证码';

/** What the form shows while the browser does the check by itself, and once it is done. */
export const HUMAN_CHECK_SOLVING = '正在自动进行安全验证，无需输入验证码…';
export const HUMAN_CHECK_DONE = '已自动完成安全验证，无需输入验证码';
export const HUMAN_CHECK_FAILED = '安全验证未完成，请稍后重试';
/** A solved challenge older than this is solved again before it is sent. */
const STALE_MS = 4 * 60_000;

export interface HumanCheckState {
  /** 'pow': the browser's proof of work (default); 'picture': the server asked for the picture captcha. */
  mode: 'pow' | 'picture';
  status: 'solving' | 'done' | 'failed';
  /** The picture's state, once its chunk has loaded and shown it. */
  picture: RefObject<CaptchaState | null>;
  /**
   * The check to send with the next call: the redeemed proof of work (waiting for it if it is still being solved),
   * or the picture's answer. Single use. A string instead when there is none: the message for the form's alert
   * ('' when the picture's own field shows it, focused).
   */
  take(): Promise<CaptchaAnswer | string>;
  /** Shows the picture's message now, if there is a picture and its answer is not right (with the form's other checks). */
  validate(): void;
  /** After each call: the check was spent; the next one is prepared (a new picture, or a new proof of work). */
  refresh(): void;
}

/**
 * The check before sign-in that is not a puzzle (issue 37, WCAG 3.3.8): the browser solves an ALTCHA proof of work
 * (its solver a chunk loaded after the form shows) and redeems it for a single-use pass bound to `action`; the
 * picture captcha comes back only when the server asks for it (too many refusals from this address).
 */
export function useHumanCheck(action: HumanCheckAction): HumanCheckState {
  const [mode, setMode] = useState<'pow' | 'picture'>('pow');
  const [status, setStatus] = useState<'solving' | 'done' | 'failed'>('solving');
  const picture = useRef<CaptchaState | null>(null);
  // The solved payload, not yet redeemed: redeemed when the form is sent, so that the pass (2 minutes) does not run
  // out while a slow typist types; a payload older than STALE_MS is solved again (challenges live 5 minutes).
  const pending = useRef<Promise<{ payload: string; at: number } | null> | null>(null);
  // The picture's own component fetches the first picture when it mounts.
  const switchToPicture = useCallback(() => setMode('picture'), []);

  // The first run starts 'solving' (the initial state); `again` says so for the next ones.
  const prepare = useCallback(() => {
    const run = (async () => {
      const payload = await (await import('../pow-solver')).solveFor(action);
      return payload ? { payload, at: Date.now() } : null;
    })().then(
      (solved) => {
        if (!solved) switchToPicture();
        else setStatus('done');
        return solved;
      },
      () => {
        setStatus('failed');
        return null;
      },
    );
    pending.current = run;
    return run;
  }, [action, switchToPicture]);

  useEffect(() => {
    void prepare();
  }, [prepare]);
  const again = useCallback(() => {
    setStatus('solving');
    return prepare();
  }, [prepare]);

  return useMemo<HumanCheckState>(
    () => ({
      mode,
      status,
      picture,
      async take() {
        if (mode === 'picture') return picture.current?.take() ?? (picture.current ? '' : PICTURE_REQUIRED_MESSAGE);
        let solved = await (pending.current ?? again());
        if (!solved || Date.now() - solved.at > STALE_MS) solved = await again();
        pending.current = null;
        if (!solved) return HUMAN_CHECK_FAILED;
        try {
          return await (await import('../pow-solver')).redeem(action, solved.payload);
        } catch (error) {
          // The server's abuse signal (docs/security/human-check.md): the picture from now on.
          if (error instanceof Error && error.message === PICTURE_REQUIRED_MESSAGE) {
            switchToPicture();
            return PICTURE_REQUIRED_MESSAGE;
          }
          void again();
          return HUMAN_CHECK_FAILED;
        }
      },
      validate() {
        if (mode === 'picture') picture.current?.blur();
      },
      refresh() {
        if (mode === 'picture') picture.current?.refresh();
        else void again();
      },
    }),
    [mode, status, again, action, switchToPicture],
  );
}

/** The check in a form: a line saying the browser does it, or the picture captcha when the server asks for it. */
export function HumanCheckField({ id, state, label }: { id: string; state: HumanCheckState; label?: string }) {
  if (state.mode === 'picture') {
    return (
      <Suspense fallback={<p className="human-check">{PICTURE_REQUIRED_MESSAGE}</p>}>
        <PictureCheck id={id} label={label} controlRef={state.picture} />
      </Suspense>
    );
  }
  const text = state.status === 'done' ? HUMAN_CHECK_DONE : state.status === 'failed' ? HUMAN_CHECK_FAILED : HUMAN_CHECK_SOLVING;
  return (
    <p className={`human-check human-check--${state.status}`} role="status" data-human-check={state.status}>
      <span className="human-check__mark" aria-hidden="true">
        {state.status === 'done' ? '✓' : state.status === 'failed' ? '!' : '…'}
      </span>
      {text}
    </p>
  );
}
