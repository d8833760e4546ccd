import { useEffect, useId, useState, type FormEvent } from 'react';
import { fetchPartnerBanks, fetchPartnerDevelopments, type PartnerDevelopment } from '@gjj-hall/sdk/public';
import { rules } from '@gjj-hall/sdk/validate';
import { useStore } from '@nanostores/react';
import { client, stores } from '../../../shared/services';
import { Pager } from '../../../shared/ui/pager';
import { SignInRequired } from '../../../shared/ui/sign-in-required';
import { usePageParams, usePaged } from '../../../shared/use-paged';
import { usePageTitle } from '../../../shared/use-page-title';
import './content.css';
import { PagedView } from '../../../shared/ui/paged-view';
import { DataTable, type TableColumn } from '../../../shared/table';

const unitName = rules.unitName();

// Shown signed in only, but read-only reference data: no column chooser (nothing to tailor in eight short columns).
const DEVELOPMENT_COLUMNS: TableColumn<PartnerDevelopment>[] = [
  { prop: 'xmmc', label: '项目名称', rowHeader: true },
  { prop: 'kfsmc', label: '开发商' },
  { prop: 'qy', label: '区域', className: 'nowrap' },
  { prop: 'xmdz', label: '地址' },
  { prop: 'ysxkzh', label: '预售许可证号' },
  { prop: 'hzyh', label: '合作银行' },
  { prop: 'lxdh', label: '联系电话', className: 'nowrap' },
  { prop: 'hzrq', label: '合作日期', className: 'nowrap' },
];

/**
 * /cooperation: the partner housing developments (spec 1, 2.3; needs a session): a search by developer name (spec 5.4,
 * at least 2 characters), paging kept in the address, and the lending banks.
 */
export function CooperationPage() {
  usePageTitle('合作楼盘');
  const signedIn = useStore(stores.session.$signedIn);
  return (
    <section className="page" aria-labelledby="cooperation-title">
      <h1 id="cooperation-title">合作楼盘</h1>
      {signedIn ? <Developments /> : <SignInRequired what="合作楼盘信息" />}
    </section>
  );
}

function Developments() {
  const { pageNum, pageSize, params, update } = usePageParams();
  const kfsmc = (params.get('kfsmc') ?? '').trim();
  const [draft, setDraft] = useState(kfsmc);
  const [error, setError] = useState('');
  const hintId = useId();
  // The field follows the address (Back, 重置): adjusted while rendering, not in an effect.
  const [shown, setShown] = useState(kfsmc);
  if (shown !== kfsmc) {
    setShown(kfsmc);
    setDraft(kfsmc);
  }

  // A name in the address that is too short (typed by hand) is not sent either.
  const invalid = kfsmc ? unitName(kfsmc) : '';
  const { state, reload } = usePaged(
    (q, signal) =>
      invalid
        ? Promise.reject(new Error(invalid))
        : fetchPartnerDevelopments(client, { ...q, kfsmc: kfsmc || undefined }, { signal, silent: true }),
    { pageNum, pageSize },
    `${pageNum}/${pageSize}/${kfsmc}`,
  );

  const search = (event: FormEvent) => {
    event.preventDefault();
    const name = draft.trim();
    const message = name ? unitName(name) : '';
    setError(message);
    if (message) return;
    update({ kfsmc: name, page: '' });
  };
  const clear = () => {
    setDraft('');
    setError('');
    update({ kfsmc: '', page: '' });
  };

  const page = state.page;
  return (
    <>
      <p className="page__lead">本中心合作楼盘可使用住房公积金贷款购房，可按开发商名称查询。具体以合作银行审批为准。</p>
      <form className="cooperation-search" role="search" aria-label="查询合作楼盘" onSubmit={search} noValidate>
        <div className="search-bar">
          <label>
            开发商名称
            <input
              name="kfsmc"
              value={draft}
              maxLength={30}
              autoComplete="organization"
              placeholder="至少输入 2 个字"
              aria-invalid={error ? true : undefined}
              aria-describedby={hintId}
              onChange={(e) => {
                setDraft(e.target.value);
                if (error) setError('');
              }}
            />
          </label>
          <button type="submit" className="btn btn--primary">
            查询
          </button>
          {kfsmc && (
            <button type="button" className="btn" onClick={clear}>
              重置
            </button>
          )}
        </div>
        <p id={hintId} className={`search-bar__hint${error ? ' search-bar__hint--error' : ''}`} aria-live="polite">
          {error}
        </p>
      </form>

      <PagedView state={state} onRetry={invalid ? undefined : reload} ownEmpty>
        {(page, busy) => (
          <div aria-busy={busy}>
            <div className="table-scroll">
              <DataTable
                caption={kfsmc ? `开发商名称含“${kfsmc}”的合作楼盘` : '合作楼盘列表'}
                showCaption
                columns={DEVELOPMENT_COLUMNS}
                rows={page.list}
                rowKey={(d) => d.id}
              />
            </div>
          </div>
        )}
      </PagedView>
      {page && (
        <Pager
          label="合作楼盘分页"
          total={page.total}
          pageNum={pageNum}
          pageSize={pageSize}
          onChange={(n, s) => update({ page: n, size: s })}
        />
      )}
      <Banks />
    </>
  );
}

/** The lending banks of the partner developments and how many each serves (GET kfslpxx/getBankList). */
function Banks() {
  const [banks, setBanks] = useState<Array<{ hzyh: string; total: number }> | null | 'error'>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchPartnerBanks(client, { signal: controller.signal, silent: true }).then(
      (list) => !controller.signal.aborted && setBanks(list),
      () => !controller.signal.aborted && setBanks('error'),
    );
    return () => controller.abort();
  }, []);
  return (
    <section className="banks" aria-labelledby="banks-title">
      <h2 id="banks-title">合作银行</h2>
      {banks === null && <p role="status">正在加载，请稍候…</p>}
      {banks === 'error' && <p className="page__muted">合作银行暂时无法加载，请稍后刷新页面重试。</p>}
      {Array.isArray(banks) &&
        (banks.length === 0 ? (
          <p className="empty">暂无数据</p>
        ) : (
          <ul className="banks__list">
            {banks.map((b) => (
              <li key={b.hzyh}>
                {b.hzyh}：合作楼盘 {b.total} 个
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}

export default CooperationPage;
