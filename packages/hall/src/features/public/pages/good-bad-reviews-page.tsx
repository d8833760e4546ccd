import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { fetchEvaluationLevels, type CodeName } from '@gjj-hall/sdk/public';
import { useStore } from '@nanostores/react';
import { client, stores } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import './evaluation.css';

const ENTRIES = [
  { to: '/evaluationInformation', title: '事项评价', text: '查看可评价的业务事项及群众评价情况。', needLogin: false },
  { to: '/startEvaluation', title: '我要评价', text: '对您办理过的业务作出评价，提出意见。', needLogin: true },
  { to: '/evaluationRecords', title: '我的评价', text: '查看您提交过的评价及其详情。', needLogin: true },
] as const;

/**
 * /goodBadReviews: the 好差评 entry page (spec 2.1): what it is, the five satisfaction levels, and the ways in.
 * 我要评价 and 我的评价 need sign-in; a signed-out visitor is told so (the guard sends them to /login).
 */
export function GoodBadReviewsPage() {
  usePageTitle('好差评');
  const signedIn = useStore(stores.session.$signedIn);
  const [levels, setLevels] = useState<CodeName[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchEvaluationLevels(client, { signal: controller.signal }).then(
      (list) => setLevels(list),
      () => !controller.signal.aborted && setLevels([]),
    );
    return () => controller.abort();
  }, []);
  return (
    <section className="page" aria-labelledby="gbr-title">
      <h1 id="gbr-title">好差评</h1>
      <p className="page__lead">
        政务服务“好差评”是办事群众对住房公积金服务作出的评价。您的每一条评价中心都会认真查看，差评将由责任部门核实整改并回访。
      </p>
      <h2 id="gbr-levels">满意度等级</h2>
      {levels === null ? (
        <p role="status">正在加载，请稍候…</p>
      ) : levels.length === 0 ? (
        <p className="empty">暂无数据</p>
      ) : (
        <ul className="eval-levels" aria-labelledby="gbr-levels">
          {levels.map((l) => (
            <li key={l.code}>{l.name}</li>
          ))}
        </ul>
      )}
      <ul className="eval-entries">
        {ENTRIES.map((e) => (
          <li key={e.to} className="eval-entry">
            <h2>{e.title}</h2>
            <p>{e.text}</p>
            {e.needLogin && !signedIn && <p className="page__muted">需要登录后使用，点击后将前往登录页。</p>}
            <Link className="button" to={e.to}>
              进入{e.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
