import { useState } from 'react';
import { apiUrl, fetchGuideVideos, type GuideVideo } from '@gjj-hall/sdk/public';
import { client } from '../../../shared/services';
import { Dialog } from '../../../shared/ui/dialog';
import { Pager } from '../../../shared/ui/pager';
import { usePageParams, usePaged } from '../../../shared/use-paged';
import { usePageTitle } from '../../../shared/use-page-title';
import './guidance.css';
import { PagedView } from '../../../shared/ui/paged-view';

/**
 * A duration in seconds as mm:ss (hours fold into the minutes).
 *
 * @example
 * mmss(185) // '03:05'
 */
export const mmss = (seconds: number): string =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** The transcript's lines, without its first (the title, which the dialog already shows) and blank ones. */
const transcriptLines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(1);

/**
 * /operationVideo: the business guidance videos as cards (poster, title, description, duration, date). A video whose
 * file is not published shows the server's message instead of a player or a link; one that is opens in the 1050 px
 * video dialog (spec 2.5, 9) with the browser's own controls.
 */
export function OperationVideoPage() {
  usePageTitle('业务指南视频');
  const { pageNum, pageSize, update } = usePageParams();
  const { state, reload } = usePaged((q, signal) => fetchGuideVideos(client, q, { signal }), { pageNum, pageSize }, `${pageNum}/${pageSize}`);
  const [playing, setPlaying] = useState<GuideVideo | null>(null);
  const page = state.page;
  return (
    <section className="page" aria-labelledby="video-title">
      <h1 id="video-title">业务指南视频</h1>
      <p className="page__lead">跟着视频一步一步办理常见业务。</p>
      <PagedView state={state} onRetry={reload}>
        {(page) => (
          <ul className="video-cards" aria-label="视频列表">
            {page.list.map((v) => (
              <li key={v.id} className="video-card">
                <img className="video-card__poster" src={apiUrl(client, v.posterUrl)} alt={`视频封面：${v.title}`} width={640} height={360} />
                <div className="video-card__body">
                  <h2>{v.title}</h2>
                  <p className="video-card__desc">{v.description}</p>
                  <dl className="video-card__meta">
                    {v.durationSeconds !== null && (
                      <>
                        <dt>时长</dt>
                        <dd>{mmss(v.durationSeconds)}</dd>
                      </>
                    )}
                    <dt>发布日期</dt>
                    <dd>{v.publishDate}</dd>
                  </dl>
                  {v.available && v.videoUrl ? (
                    <button type="button" className="btn btn--primary" aria-label={`播放：${v.title}`} onClick={() => setPlaying(v)}>
                      播放
                    </button>
                  ) : (
                    <p className="video-card__missing">{v.message || '该视频暂不可播放'}</p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedView>
      {page && page.total > 0 && (
        <Pager total={page.total} pageNum={pageNum} pageSize={pageSize} label="视频列表分页" onChange={(n, s) => update({ page: n, size: s })} />
      )}
      <Dialog title={playing?.title ?? '视频'} open={playing !== null} size="video" onClose={() => setPlaying(null)}>
        {playing?.videoUrl && (
          <>
            {/* The recordings carry no sound: the captions (WebVTT, Chinese) say each step, and the transcript below
                says it all as text (docs/videos.md). */}
            {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the track is there whenever the server has captions (every recording does); the rule cannot see a conditional one */}
            <video key={playing.id} className="video-player" controls autoPlay playsInline crossOrigin="anonymous" src={apiUrl(client, playing.videoUrl)} poster={apiUrl(client, playing.posterUrl)}>
              {playing.captionsUrl && <track kind="captions" srcLang="zh" label="中文字幕" src={apiUrl(client, playing.captionsUrl)} default />}
              您的浏览器不支持视频播放。
            </video>
            {playing.transcript && (
              <section className="video-transcript" aria-labelledby={`transcript-${playing.id}`}>
                <h3 id={`transcript-${playing.id}`}>文字稿</h3>
                {transcriptLines(playing.transcript).map((line, i) => (
                  <p key={i}>{line}</p>
                ))}
              </section>
            )}
          </>
        )}
      </Dialog>
    </section>
  );
}
