import type { Complaint } from '@gjj-hall/sdk/public';

/** The status tag of a complaint: 已回复 green, 待处理 amber, 处理中 grey. */
export function ComplaintStatus({ item }: { item: Pick<Complaint, 'zt' | 'ztmc'> }) {
  const zt = Number(item.zt);
  const tone = zt === 2 ? ' status-tag--done' : zt === 0 ? ' status-tag--pending' : '';
  return <span className={`status-tag${tone}`}>{item.ztmc || '待处理'}</span>;
}

/**
 * The centre's reply to a complaint with its time. In a list it is titled `heading` with the time in brackets
 * (中心回复（2026-11-05 10:05:00）); under the page's own 中心回复 heading the time has its label (回复时间：…). Either way
 * the words and the time are separated, for the eye and for a screen reader.
 */
export function ComplaintReply({ item, heading }: { item: Pick<Complaint, 'hfnr' | 'hfsj'>; heading?: string }) {
  const time = <time dateTime={item.hfsj.replace(' ', 'T')}>{item.hfsj}</time>;
  return (
    <div className="complaint-reply">
      <p className="complaint-reply__title">
        {heading ? (
          <>
            {heading}
            <span>（{time}）</span>
          </>
        ) : (
          <>回复时间：{time}</>
        )}
      </p>
      <p>{item.hfnr}</p>
    </div>
  );
}
