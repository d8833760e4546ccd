import { useEffect, useState } from 'react';
import { fetchCentreIntro, type CentreIntro } from '@gjj-hall/sdk/public';
import { errorMessage } from '@gjj-hall/sdk';
import { client } from '../../../shared/services';
import { RichText } from '../../../shared/ui/rich-text';
import { usePageTitle } from '../../../shared/use-page-title';
import './content.css';

/** The answer to one attempt; while a newer attempt runs, the page shows it loading. */
type IntroResult = { attempt: number } & ({ status: 'error'; message: string } | { status: 'ready'; intro: CentreIntro });

/** /introToCenter: the centre introduction (spec 1, 2.1), public. Its body is the centre's HTML, sanitized by RichText. */
export function IntroPage() {
  usePageTitle('中心简介');
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<IntroResult | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    // Silent: the page shows the failure where the text would be, with a way to try again.
    fetchCentreIntro(client, { signal: controller.signal, silent: true }).then(
      (intro) => !controller.signal.aborted && setResult({ attempt, status: 'ready', intro }),
      (error: unknown) =>
        !controller.signal.aborted &&
        setResult({ attempt, status: 'error', message: errorMessage(error, '加载失败，请稍后重试') }),
    );
    return () => controller.abort();
  }, [attempt]);
  const state = result && result.attempt === attempt ? result : ({ status: 'loading' } as const);
  return (
    <section className="page" aria-labelledby="intro-title" aria-busy={state.status === 'loading'}>
      <h1 id="intro-title">中心简介</h1>
      {state.status === 'loading' && <p role="status">正在加载，请稍候…</p>}
      {state.status === 'error' && (
        <div className="content-error" role="alert">
          <p>{state.message}</p>
          <button type="button" className="btn" onClick={() => setAttempt((n) => n + 1)}>
            重新加载
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <article className="intro" aria-label={state.intro.title}>
          <p className="page__muted">更新时间：{state.intro.updatedAt.slice(0, 10)}</p>
          <RichText html={state.intro.body} />
        </article>
      )}
    </section>
  );
}

export default IntroPage;
