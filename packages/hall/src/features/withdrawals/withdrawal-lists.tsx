import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { errorMessage } from '@gjj-hall/sdk';
import { formatMoney } from '@gjj-hall/sdk/format';
import { DataTable, ExportButtons, PrintButton, PrintHead, saveBlob, type TableColumn } from '../../shared/table';
import { PagedView } from '../../shared/ui/paged-view';
import { Pager } from '../../shared/ui/pager';
import { Dialog } from '../../shared/ui/dialog';
import { toast } from '../../shared/toast';
import { usePageParams, usePaged } from '../../shared/use-paged';
import { usePageTitle } from '../../shared/use-page-title';
import { fetchProgress, fetchHistory, downloadReceipt, withdrawApplication, HISTORY_EXPORT, PROGRESS_EXPORT, type WithdrawalRow } from './api';

// 提取进度 and 提取历史 (issue 33, docs/api-withdrawals.md › Lists and papers): the session account's withdrawals in
// progress (已提交, 已受理, 已退回: each with its timeline and 撤回) and completed ones (the amount paid, the value
// date, the card masked, the receipt PDF and its verification code), each a page of the shared table with export
// (xlsx or CSV of every row, the server's tq/jd/export and tq/ls/export) and print.

const dash = (v: string | null | undefined) => v || '—';
const yuan = (v: string | null | undefined) => (v ? formatMoney(v) : '—');

function Timeline({ row }: { row: WithdrawalRow }) {
  const events = row.events ?? [];
  if (events.length === 0) return <>—</>;
  return (
    <details className="withdrawal-list__timeline">
      <summary>办理过程（{events.length}）</summary>
      <ol>
        {events.map((e, i) => (
          <li key={`${e.at}-${i}`}>
            <span className="nowrap">{dash(e.at)}</span> {e.ztmc}
            {e.note ? `：${e.note}` : ''}
            {e.reasons && e.reasons.length > 0 ? `（${e.reasons.join('；')}）` : ''}
          </li>
        ))}
      </ol>
    </details>
  );
}

function ListPage({ kind }: { kind: 'progress' | 'history' }) {
  const title = kind === 'progress' ? '提取进度' : '提取历史';
  usePageTitle(title);
  const { pathname } = useLocation();
  const { pageNum, pageSize, update } = usePageParams();
  const { state, reload } = usePaged(
    (q, signal) => (kind === 'progress' ? fetchProgress : fetchHistory)({ pageNum: q.pageNum ?? 1, pageSize: q.pageSize ?? pageSize }, signal),
    { pageNum, pageSize },
    `${kind}/${pageNum}/${pageSize}`,
  );
  const [asking, setAsking] = useState<WithdrawalRow | null>(null);
  const [busy, setBusy] = useState(false);

  const receipt = (row: WithdrawalRow) =>
    downloadReceipt(row.ywbh).then(
      (blob) => saveBlob(blob, `提取回单_${row.ywbh}.pdf`),
      (error: unknown) => toast.error(errorMessage(error, '提取回单下载失败，请稍后重试')),
    );
  const confirmWithdraw = async () => {
    if (!asking) return;
    setBusy(true);
    try {
      await withdrawApplication(asking.ywbh);
      toast.success(`已撤回 ${asking.ywmc}（${asking.ywbh}），冻结的金额已释放`);
      setAsking(null);
      reload();
    } catch (error) {
      toast.error(errorMessage(error, '撤回失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };

  const columns = useMemo<TableColumn<WithdrawalRow>[]>(() => {
    const common: TableColumn<WithdrawalRow>[] = [
      { prop: 'ywmc', label: '提取类型', disabled: true, rowHeader: true, text: (r) => `${r.ywmc}${r.tqyymc ? `（${r.tqyymc}）` : ''}` },
      { prop: 'ywbh', label: '业务编号', className: 'nowrap' },
    ];
    const card: TableColumn<WithdrawalRow> = { prop: 'skzh', label: '收款账户', text: (r) => `${dash(r.skyhmc)} ${dash(r.skzh)}` };
    if (kind === 'progress')
      return [
        ...common,
        { prop: 'ztmc', label: '状态' },
        { prop: 'tqje', label: '提取金额（元）', align: 'right', text: (r) => yuan(r.tqje) },
        card,
        { prop: 'submittedAt', label: '提交时间', text: (r) => dash(r.submittedAt) },
        { prop: 'promisedDate', label: '承诺办结日期', className: 'nowrap', text: (r) => dash(r.promisedDate) },
        { prop: 'events', label: '办理过程', type: 'custom', render: (r) => <Timeline row={r} />, text: (r) => (r.events ?? []).map((e) => `${e.at} ${e.ztmc}`).join('；') },
        {
          prop: 'actions',
          label: '操作',
          disabled: true,
          type: 'custom',
          className: 'no-print-cell',
          render: (r) =>
            r.canWithdraw ? (
              <button type="button" className="btn" onClick={() => setAsking(r)} aria-label={`撤回 ${r.ywmc} ${r.ywbh}`}>
                撤回
              </button>
            ) : (
              '—'
            ),
        },
      ];
    return [
      ...common,
      { prop: 'tqje', label: '提取金额（元）', align: 'right', text: (r) => yuan(r.tqje) },
      { prop: 'paidOn', label: '入账日期', className: 'nowrap', text: (r) => dash(r.paidOn) },
      card,
      { prop: 'hdyzm', label: '回单验证码', className: 'nowrap', text: (r) => dash(r.hdyzm) },
      {
        prop: 'actions',
        label: '提取回单',
        disabled: true,
        type: 'custom',
        className: 'no-print-cell',
        render: (r) =>
          r.hasReceipt ? (
            <button type="button" className="btn" onClick={() => void receipt(r)} aria-label={`下载回单 ${r.ywbh}`}>
              下载回单
            </button>
          ) : (
            '—'
          ),
      },
    ];
  }, [kind]);

  const page = state.page;
  return (
    <section className="page withdrawal-list" aria-labelledby="withdrawal-list-title">
      <h1 id="withdrawal-list-title">{title}</h1>
      <p className="page__lead">
        {kind === 'progress'
          ? '正在办理的提取申请：已提交、已受理和被退回的。已提交未受理的可以撤回，撤回后冻结的金额即释放。'
          : '已办结的提取，新的在前。可下载提取回单；回单上的验证码可在“提取回单核验”页面核验真伪。'}
      </p>
      <PrintHead title={title} period={`第 ${pageNum} 页`} />
      <PagedView state={state} onRetry={reload}>
        {(p, loading) => (
          <DataTable
            caption={`${title}，共 ${p.total} 条`}
            columns={columns}
            rows={p.list}
            rowKey={(r) => r.ywbh}
            busy={loading}
            settings={{ path: pathname, navName: kind === 'progress' ? 'tqjd' : 'tqls', name: title }}
            emptyText={kind === 'progress' ? '没有正在办理的提取' : '暂无已办结的提取'}
            toolbar={
              <>
                <ExportButtons path={kind === 'progress' ? PROGRESS_EXPORT : HISTORY_EXPORT} params={{}} fileName={title} />
                <PrintButton />
              </>
            }
          />
        )}
      </PagedView>
      {page && page.total > 0 && <Pager total={page.total} pageNum={pageNum} pageSize={pageSize} label={`${title}分页`} onChange={(n, s) => update({ page: n, size: s })} />}
      <Dialog
        title="撤回提取申请"
        size="prompt"
        open={asking !== null}
        onClose={() => setAsking(null)}
        footer={
          <>
            <button type="button" className="btn" onClick={() => setAsking(null)}>
              取消
            </button>
            <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void confirmWithdraw()}>
              {busy ? '正在撤回…' : '确认撤回'}
            </button>
          </>
        }
      >
        <p>
          确定撤回 {asking?.ywmc}（业务编号 {asking?.ywbh}）吗？撤回后冻结的 {yuan(asking?.tqje)} 元即释放，如需提取请重新申请。
        </p>
      </Dialog>
    </section>
  );
}

/** 提取进度 (menu /grwt/tqSys/tqcx/tqjd). */
export function TqjdPage() {
  return <ListPage kind="progress" />;
}

/** 提取历史 (menu /grwt/tqSys/tqcx/tqls). */
export function TqlsPage() {
  return <ListPage kind="history" />;
}
