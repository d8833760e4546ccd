import { useLayoutEffect, type RefObject } from 'react';
import { CaptchaField, useCaptcha, type CaptchaState } from './captcha-field';

/**
 * The picture captcha where the server asked for it (issue 37: an escalation only). A chunk of its own, so that the
 * sign-in page does not carry it for everyone; it hands its state to the form's check through `controlRef`.
 */
export default function PictureCheck({ id, label, controlRef }: { id: string; label?: string | undefined; controlRef: RefObject<CaptchaState | null> }) {
  const state = useCaptcha();
  useLayoutEffect(() => {
    controlRef.current = state;
  }, [controlRef, state]);
  return <CaptchaField id={id} state={state} {...(label ? { label } : {})} />;
}
