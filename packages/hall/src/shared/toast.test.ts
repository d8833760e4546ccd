import { afterEach, describe, expect, it, vi } from 'vitest';
import { $toast, toast, toastLines } from './toast';

afterEach(() => {
  toast.close();
  vi.useRealTimers();
});

describe('toastLines', () => {
  it('splits on ASCII and full-width semicolons and drops blanks', () => {
    expect(toastLines('证件号码不能为空；手机号码格式不正确;; 姓名不能为空 ')).toEqual(['证件号码不能为空', '手机号码格式不正确', '姓名不能为空']);
    expect(toastLines(new Error('网络连接失败'))).toEqual(['网络连接失败']);
    expect(toastLines(undefined)).toEqual([]);
  });
});

describe('toast (spec 8.4)', () => {
  it('shows one at a time: a new toast replaces the last', () => {
    toast.info('第一条');
    toast.warning('第二条');
    expect($toast.get()).toMatchObject({ type: 'warning', lines: ['第二条'], closable: false });
  });

  it('keeps an error 3.5 s with a close button, other kinds 3 s', () => {
    vi.useFakeTimers();
    toast.error('验证码错误，请重新输入');
    expect($toast.get()).toMatchObject({ type: 'error', duration: 3_500, closable: true });
    vi.advanceTimersByTime(3_499);
    expect($toast.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
    toast.success('登录成功');
    vi.advanceTimersByTime(3_000);
    expect($toast.get()).toBeNull();
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
});
