import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useStore } from '@nanostores/react';
import { createClient, HttpError } from '@gjj-hall/sdk';
import { createArchivePage, isExactOrigin, type ArchivePage } from '@gjj-hall/sdk/archive';
import { ArchiveMaterials } from '../../../shared/archive/archive-materials';
import type { ArchiveApi } from '../../../shared/archive/archive-api';
import { $systemEvent, client, stores } from '../../../shared/services';
import { toast } from '../../../shared/toast';
import { SignInRequired } from '../../../shared/ui/sign-in-required';
import { usePageTitle } from '../../../shared/use-page-title';
import './dzda.css';

const YWBH = /^[\w.-]{1,64}$/;

/** Whether this page runs inside another page's frame. */
function isFramed(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

/**
 * Where the framing page says it is (`?origin=`), accepted only when it is an exact origin and, where the browser
 * tells (`location.ancestorOrigins`), the parent's real origin. The server's frame-ancestors already refuse any
 * host not configured (HALL_FRAME_ANCESTORS); this keeps the token's `init` from being accepted from anyone else.
 */
function hostOriginOf(param: string | null): string | null {
  if (!isExactOrigin(param)) return null;
  const ancestors = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (ancestors && ancestors.length > 0 && ancestors[0] !== param) return null;
  return param;
}

/** The page inside a host's frame: waits for `init`, then collects with the token it brought. */
function FramedArchive({ ywbh, hostOrigin }: { ywbh: string; hostOrigin: string }) {
  // Set from the channel's callbacks: the channel's `post` and, once `init` has come, the calls with its token.
  const [conn, setConn] = useState<{ post: ArchivePage['post']; api: ArchiveApi } | null>(null);
  const [expired, setExpired] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    const channel = createArchivePage({
      hostOrigin,
      onInit: ({ token, ywbh: wanted }) => {
        // The host's application must be the one in the address: a frame never collects for another.
        if (wanted !== ywbh) return;
        const timeOut = () => {
          setExpired(true);
          channel.post('tokenTimeOut', {});
        };
        setConn({
          post: channel.post,
          api: {
            // Its own client, the token in memory only: the hall's session storage of this origin is never written.
            client: createClient({ getToken: () => token, onUnauthorized: timeOut }),
            getToken: () => token,
            onUnauthorized: timeOut,
          },
        });
      },
    });
    // The content's height, so the host sizes its frame and never shows a second scrollbar.
    let last = -1;
    const observer =
      el && typeof ResizeObserver !== 'undefined'
        ? new ResizeObserver(() => {
            const height = Math.ceil(el.getBoundingClientRect().height);
            if (height !== last) {
              last = height;
              channel.post('resize', { height });
            }
          })
        : null;
    if (el) observer?.observe(el);
    return () => {
      observer?.disconnect();
      channel.destroy();
    };
  }, [hostOrigin, ywbh]);

  return (
    <div ref={box} className="dzda dzda--framed">
      {expired ? (
        <p className="dzda__status" role="alert">
          登录已失效，请重新登录。
        </p>
      ) : conn ? (
        <ArchiveMaterials
          api={conn.api}
          ywbh={ywbh}
          onNotice={(text, level) => conn.post('msg', { text: text.slice(0, 500), level })}
          onLastStep={() => conn.post('lastStep', {})}
          onPreview={(f) => conn.post('preview', { fileId: f.fileId, fileName: f.fileName.slice(0, 255), mimeType: f.mimeType })}
          onComplete={(counts) => conn.post('complete', counts)}
        />
      ) : (
        <p className="dzda__status" role="status">
          正在连接，请稍候…
        </p>
      )}
    </div>
  );
}

/** The page opened on its own: the hall's session. */
function OwnArchive({ ywbh }: { ywbh: string }) {
  const signedIn = useStore(stores.session.$signedIn);
  const [done, setDone] = useState<{ materials: number; files: number } | null>(null);
  const api = useMemo<ArchiveApi>(
    () => ({
      client,
      getToken: () => stores.session.$accessToken.get(),
      onUnauthorized: () =>
        $systemEvent.set({
          kind: 'unauthorized',
          signedIn: stores.session.$signedIn.get(),
          error: new HttpError('登录已失效', { status: 401, kind: 'status', request: { method: 'POST', url: 'uploadCl' } }),
        }),
    }),
    [],
  );
  if (!signedIn) return <SignInRequired what="电子档案材料" />;
  return (
    <section className="page dzda" aria-labelledby="dzda-title">
      <h1 id="dzda-title">电子档案材料上传</h1>
      <p className="page__muted">业务编号：{ywbh}</p>
      {done && (
        <p className="dzda__done" role="status">
          材料已提交：{done.materials} 项材料，共 {done.files} 个文件。
        </p>
      )}
      <ArchiveMaterials
        api={api}
        ywbh={ywbh}
        onNotice={(text, level) => toast[level](text)}
        onLastStep={() => history.back()}
        onComplete={setDone}
      />
    </section>
  );
}

/**
 * /dzda?ywbh=: the electronic-archive collection of one application (spec 2.5, 4.5). Inside a host's frame
 * (`?origin=` the host's exact origin) it speaks `@gjj-hall/sdk/archive`: `ready`, then the token arrives in `init`
 * (never in the address); on its own it uses the hall's session.
 */
export function DzdaPage() {
  usePageTitle('电子档案材料上传');
  const [params] = useSearchParams();
  const ywbh = params.get('ywbh') ?? '';
  const framed = isFramed();
  const hostOrigin = framed ? hostOriginOf(params.get('origin')) : null;
  if (!YWBH.test(ywbh)) {
    return (
      <p className="dzda__status" role="alert">
        业务编号不正确，无法上传材料。
      </p>
    );
  }
  if (framed) {
    return hostOrigin ? (
      <FramedArchive ywbh={ywbh} hostOrigin={hostOrigin} />
    ) : (
      <p className="dzda__status" role="alert">
        嵌入页面的来源未登记，无法上传材料。
      </p>
    );
  }
  return <OwnArchive ywbh={ywbh} />;
}
