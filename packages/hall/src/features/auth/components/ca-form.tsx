import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { LoginType } from '@gjj-hall/sdk';
import { CA_PERSONAL_MESSAGE, CaKeyFileError, caKeyFileMismatch, parseCaKeyFile, type CaKeyFile } from '@gjj-hall/sdk/auth';
import { DEMO_KEYS_PATH, loadDemoKeyFiles, readKeyFile, signInWithCertificate, type DemoKeyFile } from '../api/ca-login';
import { loginFailureMessage } from '../login-form';

const KIND: Record<number, string> = { 2: '单位', 3: '开发商' };

/**
 * The digital certificate method (spec 2.6, issue 6): the key file is read in the page (FileReader), the server's
 * single-use random is signed here with SM2/SM3, and only the signature goes out. Units and developers only.
 */
export function CaForm({ loginType }: { loginType: LoginType }) {
  const navigate = useNavigate();
  const [keyFile, setKeyFile] = useState<CaKeyFile | null>(null);
  const [fileError, setFileError] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [demoKeys, setDemoKeys] = useState<DemoKeyFile[]>([]);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    void loadDemoKeyFiles().then((files) => live && setDemoKeys(files));
    return () => {
      live = false;
    };
  }, []);

  if (loginType === 1) return <p className="login__note">{CA_PERSONAL_MESSAGE}。</p>;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setFailure('');
    setFileError('');
    setKeyFile(null);
    if (!file) return;
    try {
      setKeyFile(parseCaKeyFile(await readKeyFile(file)));
    } catch (error) {
      setFileError(error instanceof CaKeyFileError ? error.message : '无法读取证书密钥文件，请重新选择');
    }
  };

  const mismatch = keyFile ? caKeyFileMismatch(keyFile, loginType) : '';
  const error = fileError || mismatch;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!keyFile || mismatch) {
      if (!keyFile && !fileError) setFileError('请选择证书密钥文件');
      input.current?.focus();
      return;
    }
    setBusy(true);
    setFailure('');
    try {
      await signInWithCertificate(loginType, keyFile);
      navigate('/', { replace: true });
    } catch (caught) {
      setFailure(caught instanceof CaKeyFileError ? caught.message : loginFailureMessage(caught));
      setBusy(false);
    }
  };

  return (
    <form className="login-form" noValidate onSubmit={submit} aria-label="数字证书登录">
      <div className="form-alert" role="alert">
        {failure}
      </div>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor="ca-key-file">
          证书密钥文件
        </label>
        <div className="field__control">
          <input
            ref={input}
            id="ca-key-file"
            className="field__input field__input--file"
            type="file"
            accept=".json,application/json"
            aria-invalid={error ? true : undefined}
            aria-describedby={`ca-key-file-hint${error ? ' ca-key-file-error' : ''}`}
            onChange={(e) => void choose(e)}
          />
        </div>
        <p id="ca-key-file-error" className="field__error">
          {error}
        </p>
        <p id="ca-key-file-hint" className="field__hint">
          密钥文件只在本机读取，用于对登录随机数签名，不会上传。
        </p>
      </div>
      {keyFile && (
        <dl className="ca-summary" aria-label="所选证书">
          <dt>证书主体</dt>
          <dd>{keyFile.subject || '—'}</dd>
          <dt>{KIND[keyFile.loginType]}账号</dt>
          <dd>{keyFile.account}</dd>
          {keyFile.serial && (
            <>
              <dt>序列号</dt>
              <dd>{keyFile.serial}</dd>
            </>
          )}
        </dl>
      )}
      <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
        {busy ? '正在登录…' : '证书登录'}
      </button>
      {demoKeys.length > 0 && (
        <p className="ca-demo">
          演示证书（仅开发环境，私钥已公开）：
          {demoKeys.map((k) => (
            <a key={k.file} href={`${DEMO_KEYS_PATH}/${k.file}`} download={k.file}>
              {k.file}
            </a>
          ))}
        </p>
      )}
    </form>
  );
}
