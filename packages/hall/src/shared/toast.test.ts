import { afterEach, describe, expect, it, vi } from 'vitest';
import { BusinessError, HttpError } from '@gjj-hall/sdk';
import { $toast, NAVIGATION_GRACE_MS, requestErrorDuration, setToastAutoDismiss, toast, toastLines } from './toast';

afterEach(() => {
  toast.close();
  setToastAutoDismiss(true);
  vi.useRealTimers();
});

describe('toastLines', () => {
  it('splits on ASCII and full-width semicolons and drops blanks', () => {
    expect(toastLines('证件号码不能为空；手机号码格式不正确;; 姓名不能为空 ')).toEqual(['证件号码不能为空', '手机号码格式不正确', '姓名不能为空']);
    expect(toastLines(new Error('网络连接失败'))).toEqual(['网络连接失败']);
    expect(toastLines(undefined)).toEqual([]);
  });
});

describe('toast (spec 8.4, 9)', () => {
  it('shows one at a time: a new toast replaces the last; every toast has a close button', () => {
    toast.info('第一条');
    toast.warning('第二条');
    expect($toast.get()).toMatchObject({ type: 'warning', lines: ['第二条'], closable: true });
    toast.success('第三条');
    expect($toast.get()?.closable).toBe(true);
  });

  it('keeps the helper\'s error 3.5 s and a message (success, info, warning) 5 s', () => {
    vi.useFakeTimers();
    toast.error('验证码错误，请重新输入');
    expect($toast.get()).toMatchObject({ type: 'error', duration: 3_500, closable: true });
    vi.advanceTimersByTime(3_499);
    expect($toast.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
    for (const show of [toast.success, toast.info, toast.warning]) {
      show('登录成功');
      vi.advanceTimersByTime(4_999);
      expect($toast.get()?.lines).toEqual(['登录成功']);
      vi.advanceTimersByTime(1);
      expect($toast.get()).toBeNull();
    }
  });

  it('a failed call\'s error stays 3 s, 5 s when the network failed or timed out (spec 8.3, 9)', () => {
    const request = { method: 'GET', url: '/x' };
    expect(requestErrorDuration(new BusinessError('余额不足', 1, {}))).toBe(3_000);
    expect(requestErrorDuration(new HttpError('服务器接口出错', { status: 500, kind: 'status', request }))).toBe(3_000);
    expect(requestErrorDuration(new HttpError('网络连接失败', { status: 0, kind: 'network', request }))).toBe(5_000);
    expect(requestErrorDuration(new HttpError('网络请求超时', { status: 0, kind: 'timeout', request }))).toBe(5_000);
    expect(requestErrorDuration(undefined)).toBe(3_000);
  });

  it('a replaced toast\'s timer does not remove its successor early', () => {
    vi.useFakeTimers();
    toast.error('a');
    vi.advanceTimersByTime(3_000);
    toast.error('b');
    vi.advanceTimersByTime(1_000);
    expect($toast.get()?.lines).toEqual(['b']);
  });

  it('shows nothing for an empty message, and takes a custom duration', () => {
    toast.error('');
    expect($toast.get()).toBeNull();
    toast.error('您已长时间未操作，将自动退出系统', { duration: 3_500 });
    expect($toast.get()?.duration).toBe(3_500);
  });

  it('with auto-dismiss off (care mode) a toast stays until closed; on again, it gets its full time', () => {
    vi.useFakeTimers();
    setToastAutoDismiss(false);
    toast.success('保存成功');
    vi.advanceTimersByTime(60_000);
    expect($toast.get()?.lines).toEqual(['保存成功']);
    setToastAutoDismiss(true);
    vi.advanceTimersByTime(4_999);
    expect($toast.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
    setToastAutoDismiss(false);
    toast.error('验证码错误');
    toast.close();
    expect($toast.get()).toBeNull();
  });
});

describe('toast on navigation', () => {
  it('closes the toast of the page left', () => {
    vi.useFakeTimers();
    toast.success('下载完成');
    vi.advanceTimersByTime(NAVIGATION_GRACE_MS);
    toast.navigated();
    expect($toast.get()).toBeNull();
  });

  it('closes it in care mode too, where nothing else would', () => {
    vi.useFakeTimers();
    setToastAutoDismiss(false);
    toast.error('提交失败');
    vi.advanceTimersByTime(30_000);
    toast.navigated();
    expect($toast.get()).toBeNull();
  });

  it('keeps a toast raised for the navigation itself (注册成功，请登录 then /login)', () => {
    vi.useFakeTimers();
    toast.success('注册成功，请登录');
    vi.advanceTimersByTime(NAVIGATION_GRACE_MS - 1);
    toast.navigated();
    expect($toast.get()?.lines).toEqual(['注册成功，请登录']);
    // It then lives out its own time on the new page.
    vi.advanceTimersByTime(5_000 - NAVIGATION_GRACE_MS + 1);
    expect($toast.get()).toBeNull();
  });

  it('does nothing without a toast', () => {
    toast.navigated();
    expect($toast.get()).toBeNull();
  });
});
