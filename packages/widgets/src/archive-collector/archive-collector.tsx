import { useEffect, useRef, useState } from 'react';
import { createArchiveHost, isExactOrigin, type ArchivePagePayloads } from '@gjj-hall/sdk/archive';
import { useWidgetStyles } from '../shared/styles';
import { useHostConfig } from '../shared/use-client';
import { ARCHIVE_COLLECTOR_CSS } from './archive-collector.styles';

/** Props of {@link ArchiveCollector}. */
export interface ArchiveCollectorProps {
  /**
   * 关怀模式 (care mode, MIIT 适老化): text at least 18 px, contrast at least 7:1, targets at least 44 × 44 px, nothing that
   * moves (docs/care-mode.md). Also on when an ancestor in the page has `data-care` (the hall's `<html data-care>`).
   */
  care?: boolean;
  /** The application (业务编号) whose materials are collected. */
  ywbh?: string;
  /**
   * The hall's exact origin (`https://hall.example.gov.cn`); the origin of `configure({ apiBase })` when unset. The
   * token is sent to it only when it is that origin or one of `configure({ tokenOrigins })`.
   */
  hallOrigin?: string;
  /** The frame's accessible name. @default '电子档案材料上传' */
  label?: string;
  /** 上一步 was pressed in the archive page. Element event: `gjj-last-step`. */
  onLastStep?: (detail?: undefined) => void;
  /** The session ended inside the page: show the login-expired dialog. Element event: `gjj-token-timeout`. */
  onTokenTimeOut?: (detail?: undefined) => void;
  /** The page asks to open a document. Element event: `gjj-preview`. */
  onPreview?: (detail: ArchivePagePayloads['preview']) => void;
  /** A message for the host to show. Element event: `gjj-message`. */
  onMessage?: (detail: ArchivePagePayloads['msg']) => void;
  /** The collection finished. Element event: `gjj-complete`. */
  onComplete?: (detail: ArchivePagePayloads['complete']) => void;
}

/** The hall's path of the archive page (hash route of home.html). */
export const ARCHIVE_PAGE_PATH = '/home.html#/dzda';
// Only what the page needs: its scripts, its own origin's storage and calls (a cross-origin frame, so allow-same-origin
// gives it no power over the host), downloads of its files. No top navigation, no popups, no forms posted away.
const SANDBOX = 'allow-scripts allow-same-origin allow-downloads';

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Frames the hall's archive page (电子档案材料收集) for one application and runs the host side of
 * `@gjj-hall/sdk/archive`: sends the configured token after `ready`, sizes the frame to its content, and turns the
 * page's messages into callbacks (events on the element).
 *
 * @example
 * configure({ apiBase: 'https://hall.example.gov.cn', getToken: () => platform.token() });
 * <ArchiveCollector ywbh="YW2026000001" onComplete={({ files }) => next()} />
 */
export function ArchiveCollector(props: ArchiveCollectorProps) {
  const { ywbh, label, care } = props;
  const config = useHostConfig();
  const root = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number>();
  useWidgetStyles(root, ARCHIVE_COLLECTOR_CSS);
  const apiOrigin = originOf(config.apiBase);
  const hallOrigin = props.hallOrigin || apiOrigin;
  const valid = isExactOrigin(hallOrigin) && !!ywbh && /^[\w.-]{1,64}$/.test(ywbh);
  // Read at the time of each message, so a callback or configuration changed later is the one used.
  const latest = useRef({ props, config });
  useEffect(() => {
    latest.current = { props, config };
  });

  useEffect(() => {
    const el = frame.current;
    if (!valid || !el || !hallOrigin) return;
    const host = createArchiveHost({
      frame: el,
      origin: hallOrigin,
      onMessage(message) {
        const { props: p, config: c } = latest.current;
        switch (message.type) {
          case 'ready': {
            const trusted = hallOrigin === originOf(c.apiBase) || (c.tokenOrigins ?? []).includes(hallOrigin);
            if (!trusted) {
              console.warn(`[gjj-archive] token not sent: ${hallOrigin} is neither configure({ apiBase })'s origin nor in tokenOrigins`);
              return;
            }
            void Promise.resolve(c.getToken?.()).then((token) => {
              if (token) host.init({ token, ywbh: ywbh! });
              else p.onTokenTimeOut?.();
            });
            return;
          }
          case 'resize':
            setHeight(Math.ceil(message.payload.height));
            return;
          case 'lastStep':
            p.onLastStep?.();
            return;
          case 'tokenTimeOut':
            p.onTokenTimeOut?.();
            return;
          case 'preview':
            p.onPreview?.(message.payload);
            return;
          case 'msg':
            p.onMessage?.(message.payload);
            return;
          case 'complete':
            p.onComplete?.(message.payload);
        }
      },
    });
    return () => host.destroy();
  }, [valid, hallOrigin, ywbh]);

  let src = '';
  if (valid && typeof location !== 'undefined') {
    // The hall's page in the frame follows the element's care mode (its own switch stays the person's).
    const query = new URLSearchParams({ ywbh: ywbh!, origin: location.origin, ...(care ? { care: '1' } : {}) });
    src = `${hallOrigin}${ARCHIVE_PAGE_PATH}?${query.toString()}`;
  }
  return (
    <div ref={root} className="gjj-root gjj-archive-collector" data-care={care || undefined} part="container">
      {valid ? (
        <iframe
          ref={frame}
          key={src}
          src={src}
          title={label || '电子档案材料上传'}
          sandbox={SANDBOX}
          allow="camera"
          referrerPolicy="origin"
          className="gjj-archive-collector__frame"
          part="frame"
          style={height ? { height: `${height}px` } : undefined}
        />
      ) : (
        <p className="gjj-archive-collector__status" role="alert">
          {ywbh ? '电子档案地址未配置：请设置 hall-origin 属性或 configure({ apiBase })。' : '缺少业务编号（ywbh）。'}
        </p>
      )}
    </div>
  );
}
