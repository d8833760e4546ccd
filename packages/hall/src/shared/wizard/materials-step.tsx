import type { Material } from './api';

/**
 * The materials step: the list of what this applicant must provide (from their answers, spec 3.6). This is the
 * boundary where the electronic-archive collector (`<gjj-archive-collector>`, /api/dzda/v1/zhcjyw/*) drops in: it
 * receives the same list (`jdbh`, `mlbh`, `wjlxId` name the archive's node, catalogue entry and file type). Until
 * it lands the step lists the materials and says how to provide them.
 *
 * @example
 * <MaterialsStep materials={list} loading={false} error="" />
 */
export function MaterialsStep({ materials, loading, error }: { materials: Material[]; loading: boolean; error: string }) {
  if (loading) return <p role="status">正在查询所需材料…</p>;
  if (error) return <p className="form-alert" role="alert">{error}</p>;
  if (materials.length === 0) return <p className="wizard__note">根据您填写的内容，本次办理无需提供材料，请点击“下一步”核对信息。</p>;
  return (
    <>
      <p className="wizard__note">根据您填写的内容，本次办理需要以下材料：</p>
      <ul className="wizard-materials">
        {materials.map((m) => (
          <li key={m.wjlxId} className="wizard-materials__item" data-wjlx={m.wjlxId}>
            <span className="wizard-materials__name">{m.wjmc}</span>
            <span className={`tag${m.required ? ' tag--required' : ''}`}>{m.required ? '必需' : '可选'}</span>
            {m.zstj && <span className="wizard-materials__when">{m.zstj}</span>}
          </li>
        ))}
      </ul>
      <p className="wizard__note" role="note">
        电子档案在线采集即将开通。在此之前，请提交申请后在承诺办结日期前携带上述材料原件到住房公积金管理中心任一服务网点柜台核验，或按中心短信通知补充上传。
      </p>
    </>
  );
}
