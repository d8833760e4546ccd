import type { ReactNode } from 'react';
import { ArchiveMaterials } from '../archive/archive-materials';
import type { ArchiveApi } from '../archive/archive-api';
import { toast } from '../toast';
import type { Material } from './api';

/** Props of {@link MaterialsStep}. */
export interface MaterialsStepProps {
  /** What the answers call for (`ywblxz/materials`). */
  materials: Material[];
  loading: boolean;
  error: string;
  /** The status-00 application the files belong to; '' while it is being saved. */
  ywbh: string;
  /** Why the application could not be saved ('' when it was). */
  prepareError: string;
  onRetry: () => void;
  api: ArchiveApi;
  /** 提交材料 in the collector succeeded (cjtj): the wizard moves on. */
  onComplete: () => void;
  /** A file was stored or deleted. */
  onChange: () => void;
  /** Shown above the collector (the QR-signed letter of a withdrawal). */
  extra?: ReactNode;
  /** A new value reloads the collector (a material added another way). */
  collectorKey?: number;
}

/**
 * The materials step (spec 2.5, 3.6): what the answers call for, then the electronic-archive collector
 * ({@link ArchiveMaterials}) of the application the wizard saved as a draft, where the files are uploaded.
 *
 * @example
 * <MaterialsStep materials={list} loading={false} error="" ywbh="GJ03022026…" prepareError="" onRetry={retry} api={api} onComplete={next} />
 */
export function MaterialsStep({ materials, loading, error, ywbh, prepareError, onRetry, api, onComplete, onChange, extra, collectorKey = 0 }: MaterialsStepProps) {
  const hidden = (loading && !ywbh) || (materials.length === 0 && !error && !ywbh && !prepareError);
  return (
    <>
      {loading ? (
        <p role="status">正在查询所需材料…</p>
      ) : error ? (
        <p className="form-alert" role="alert">
          {error}
        </p>
      ) : materials.length === 0 && !ywbh && !prepareError ? (
        <p className="wizard__note">根据您填写的内容，本次办理无需提供材料，请点击“下一步”核对信息。</p>
      ) : materials.length === 0 ? null : (
        <>
          <p className="wizard__note">根据您填写的内容，本次办理需要以下材料，请在下方对应项目中上传：</p>
          <ul className="wizard-materials">
            {materials.map((m) => (
              <li key={m.wjlxId} className="wizard-materials__item" data-wjlx={m.wjlxId}>
                <span className="wizard-materials__name">{m.wjmc}</span>
                <span className={`tag${m.required ? ' tag--required' : ''}`}>{m.required ? '必需' : '可选'}</span>
                {m.zstj && <span className="wizard-materials__when">{m.zstj}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      {hidden ? null : prepareError ? (
        <div role="alert">
          <p className="form-alert">{prepareError}</p>
          <button type="button" className="btn" onClick={onRetry}>
            重试
          </button>
        </div>
      ) : ywbh ? (
        <>
          {extra}
          <ArchiveMaterials key={collectorKey} api={api} ywbh={ywbh} finishLabel="确认材料齐全" onComplete={onComplete} onChange={onChange} onNotice={(text, level) => toast[level](text)} />
        </>
      ) : (
        <p role="status">正在准备材料上传，请稍候…</p>
      )}
    </>
  );
}
