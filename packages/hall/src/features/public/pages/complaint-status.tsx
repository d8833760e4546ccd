import type { Complaint } from '@gjj-hall/sdk/public';

/** The status tag of a complaint: 已回复 green, 待处理 amber, 处理中 grey. */
export function ComplaintStatus({ item }: { item: Pick<Complaint, 'zt' | 'ztmc'> }) {
  const zt = Number(item.zt);
  const tone = zt === 2 ? ' status-tag--done' : zt === 0 ? ' status-tag--pending' : '';
  return <span className={`status-tag${tone}`}>{item.ztmc || '待处理'}</span>;
}

/** The centre's reply to a complaint, under `label` (中心回复 in a list, 回复时间 under a heading), with its time. */
export function ComplaintReply({ item, label }: { item: Pick<Complaint, 'hfnr' | 'hfsj'>; label: string }) {
  return (
    <div className="complaint-reply">
      <p className="complaint-reply__title">
        {label}
        <span>{item.hfsj}</span>
      </p>
      <p>{item.hfnr}</p>
    </div>
  );
}
