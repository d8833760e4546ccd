import { lazy, Suspense } from 'react';
import type { LoginType } from '@gjj-hall/sdk';

// The SMS form loads when its tab is first opened, keeping /login within its size budget.
const SmsForm = lazy(async () => ({ default: (await import('./sms-form')).SmsForm }));

/** The 手机验证码 tab's panel: the SMS form, loaded on first open. */
export function SmsPanel({ loginType }: { loginType: LoginType }) {
  return (
    <Suspense
      fallback={
        <p className="login__later" role="status">
          正在加载，请稍候…
        </p>
      }
    >
      <SmsForm loginType={loginType} />
    </Suspense>
  );
}
