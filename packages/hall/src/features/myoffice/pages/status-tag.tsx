import { statusName, statusTone } from '../office';

/** The status tag of an application (状态), its tone by status. */
export function StatusTag({ zt, ztmc }: { zt: string; ztmc?: string | null }) {
  return <span className={`status-tag office-tag office-tag--${statusTone(zt)}`}>{statusName(zt, ztmc)}</span>;
}
