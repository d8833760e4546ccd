import { useEffect, useState, type MouseEvent } from 'react';
import { loadPlatformUrl, SSO_NOT_OPEN_MESSAGE, startSsoSignIn } from '../api/sso';

/**
 * 政务服务网登录: sends the citizen to the government service platform with a new `state`; the platform sends
 * them back to /zwLogin with a one-time authCode.
 */
export function GovLoginLink() {
  const [platformUrl, setPlatformUrl] = useState<string | null | undefined>(undefined);
  const [message, setMessage] = useState('');
  useEffect(() => {
    let live = true;
    void loadPlatformUrl().then((url) => live && setPlatformUrl(url));
    return () => {
      live = false;
    };
  }, []);

  const start = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    void startSsoSignIn({ platformUrl }).then((outcome) => {
      if (outcome === 'not-open') setMessage(SSO_NOT_OPEN_MESSAGE);
      // /zwLogin says why and offers the hall in a new window.
      else if (outcome === 'no-storage') window.location.hash = '#/zwLogin';
    });
  };

  return (
    <p className="login__gov">
      <a href={platformUrl ?? '#/login'} onClick={start}>
        政务服务网登录
      </a>
      <span role="status">{message}</span>
    </p>
  );
}
