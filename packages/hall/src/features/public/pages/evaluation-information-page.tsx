import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { fetchEvaluationItems, fetchEvaluationStats, type EvaluationItem, type EvaluationStat } from '@gjj-hall/sdk/public';
import { client } from '../../../shared/services';
import { usePageTitle } from '../../../shared/use-page-title';
import { DataTable, type TableColumn } from '../../../shared/table';
import './evaluation.css';

interface Loaded {
  items: EvaluationItem[];
  stats: Map<string, EvaluationStat>;
}

/** The items by category, in the order the server lists them. */
function byCategory(items: readonly EvaluationItem[]): Array<[string, EvaluationItem[]]> {
  const groups = new Map<string, EvaluationItem[]>();
  for (const item of items) {
    const list = groups.get(item.category) ?? [];
    list.push(item);
    groups.set(item.category, list);
  }
  return [...groups];
}

/** The levels that have evaluations, best first: 非常满意 3，满意 1. */
const levelCounts = (stat: EvaluationStat) =>
  stat.levels
    .filter((l) => l.count > 0)
    .map((l) => `${l.name} ${l.count}`)
    .join('，');

/** The columns of one category's table; the statistics come with the page. Public: no column chooser. */
const columns = (stats: Map<string, EvaluationStat>): TableColumn<EvaluationItem>[] => [
  { prop: 'name', label: '事项', rowHeader: true },
  { prop: 'total', label: '评价数', align: 'right', text: (item) => String(stats.get(item.code)?.total ?? '—') },
  {
    prop: 'rate',
    label: '满意率',
    align: 'right',
    className: 'eval-stat',
    text: (item) => {
      const stat = stats.get(item.code);
      return stat && stat.satisfiedRate !== null ? `${stat.satisfiedRate}%` : '暂无评价';
    },
  },
  {
    prop: 'levels',
    label: '各等级评价数',
    text: (item) => {
      const stat = stats.get(item.code);
      return stat && stat.total ? levelCounts(stat) : '—';
    },
  },
  {
    prop: 'actions',
    label: '操作',
    type: 'custom',
    render: (item) => (
      <Link to={`/startEvaluation?sxbm=${encodeURIComponent(item.code)}`} aria-label={`去评价：${item.name}`}>
        去评价
      </Link>
    ),
  },
];

/**
 * /evaluationInformation (public): the business items one may evaluate, by category, each with how it has been
 * rated so far and a 去评价 link to /startEvaluation with the item chosen.
 */
export function EvaluationInformationPage() {
  usePageTitle('事项评价');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    // The statistics are extra: without them the items still show.
    Promise.all([fetchEvaluationItems(client, { signal }), fetchEvaluationStats(client, { signal, silent: true }).catch(() => [])]).then(
      ([items, stats]) => setLoaded({ items, stats: new Map(stats.map((s) => [s.sxbm, s])) }),
      () => !signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, []);
  return (
    <section className="page" aria-labelledby="eval-info-title">
      <h1 id="eval-info-title">事项评价</h1>
      <p className="page__lead">以下为可评价的业务事项。满意率按“非常满意”“满意”“基本满意”的评价数占全部评价数计算。</p>
      {failed ? (
        <p className="empty" role="alert">
          加载失败，请稍后重试
        </p>
      ) : loaded === null ? (
        <p role="status">正在加载，请稍候…</p>
      ) : loaded.items.length === 0 ? (
        <p className="empty">暂无数据</p>
      ) : (
        byCategory(loaded.items).map(([category, items]) => (
          <section key={category} className="eval-group" aria-label={category}>
            <h2>{category}</h2>
            <DataTable caption={`${category}事项评价`} columns={columns(loaded.stats)} rows={items} rowKey={(item) => item.code} />
          </section>
        ))
      )}
    </section>
  );
}
