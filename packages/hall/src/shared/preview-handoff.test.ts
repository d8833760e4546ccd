import { describe, expect, it } from 'vitest';
import { PREVIEW_STORAGE_PREFIX, stashPreview, takePreview } from './preview-handoff';

/** The Storage interface over a Map, as a tab's session storage behaves. */
function memoryStorage(limit = Infinity): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (v.length > limit) throw new DOMException('full', 'QuotaExceededError');
      map.set(k, v);
    },
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
  };
}

describe('preview hand-over', () => {
  it('hands a document over once, under a random key that is the only thing in the address', () => {
    const storage = memoryStorage();
    const path = stashPreview({ data: 'JVBERi0xLjQ=', name: '证明.pdf' }, storage);
    const key = /^\/ylOfdBase64\?key=([\w-]+)$/.exec(path)?.[1];
    expect(key).toMatch(/^[\w-]{32,36}$/);
    expect(path).not.toContain('JVBER');
    expect(takePreview(key, storage)).toEqual({ data: 'JVBERi0xLjQ=', name: '证明.pdf' });
    expect(takePreview(key, storage)).toBeNull();
    expect(storage.length).toBe(0);
  });

  it('keeps only the newest document waiting and leaves other entries alone', () => {
    const storage = memoryStorage();
    storage.setItem('gjj-hall:other', 'x');
    const first = stashPreview({ data: 'AAAA' }, storage).split('=')[1];
    const second = stashPreview({ data: 'BBBB' }, storage).split('=')[1];
    expect(takePreview(first, storage)).toBeNull();
    expect(takePreview(second, storage)).toEqual({ data: 'BBBB', name: '' });
    expect(storage.getItem('gjj-hall:other')).toBe('x');
  });

  it('answers null for a missing, malformed or tampered key or entry', () => {
    const storage = memoryStorage();
    expect(takePreview(null, storage)).toBeNull();
    expect(takePreview('../x', storage)).toBeNull();
    storage.setItem(`${PREVIEW_STORAGE_PREFIX}abcdefgh`, '{not json');
    expect(takePreview('abcdefgh', storage)).toBeNull();
    storage.setItem(`${PREVIEW_STORAGE_PREFIX}abcdefgh`, JSON.stringify({ data: 42 }));
    expect(takePreview('abcdefgh', storage)).toBeNull();
  });

  it('says so in Chinese when the tab cannot hold the document', () => {
    expect(() => stashPreview({ data: 'A'.repeat(100) }, memoryStorage(50))).toThrow('文件过大，无法在线预览，请下载后查看');
  });
});
