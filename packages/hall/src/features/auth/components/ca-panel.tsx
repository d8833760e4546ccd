import { lazy, Suspense } from 'react';
import type { LoginType } from '@gjj-hall/sdk';

// The certificate form and its signing code load when its tab is first opened, not with the login page.
const CaForm = lazy(async () => ({ default: (await import('./ca-form')).CaForm }));

/** The 数字证书 tab of the login page. */
export function CaPanel({ loginType }: { loginType: LoginType }) {
  return (
    <Suspense
      fallback={
        <p className="login__later" role="status">
          正在加载，请稍候…
        </p>
      }
    >
      <CaForm loginType={loginType} />
    </Suspense>
  );
}
