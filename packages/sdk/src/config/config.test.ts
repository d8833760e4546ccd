import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../client/errors';
import { createMemoryStorage, createStorage } from '../storage/storage';
import { createConfigStore, INPUT_LENGTH_CONFIG_KEY, INPUT_LENGTH_MISSING_MESSAGE } from './config';

const newStore = (tab = { session: createMemoryStorage(), local: createMemoryStorage() }) => createConfigStore(createStorage(tab));

afterEach(() => vi.restoreAllMocks());

describe('dictionary', () => {
  it('keeps only enabled entries and reads both entry shapes', () => {
    const config = newStore();
    config.setDictionary({
      WDXX: [
        { key: '1', value: '市本级', enable: 1 },
        { key: '2', value: '高新区', enable: '1' },
        { key: '3', value: '已撤销网点', enable: 0 },
      ],
      ZJLX: [
        { value: '01', title: '身份证' },
        { value: '03', title: '护照', enable: 2 },
      ],
      broken: 'x',
    });
    expect(config.dictionary('WDXX')).toEqual([
      { value: '1', label: '市本级' },
      { value: '2', label: '高新区' },
    ]);
    expect(config.dictionary('ZJLX')).toEqual([{ value: '01', label: '身份证' }]);
    expect(config.dictionaryLabel('ZJLX', '01')).toBe('身份证');
    expect(config.dictionaryLabel('ZJLX', '99')).toBe('99');
    expect(config.dictionary('broken')).toEqual([]);
    expect(config.dictionary('missing')).toEqual([]);
  });
});

describe('system configuration', () => {
  const list = [
    { key: 'XT_ZXQC', enable: 1, value: '示例市住房公积金管理中心' },
    { key: 'XT_ZXQC', enable: 0, value: '停用的名称' },
    { key: 'default_time', enable: '1', value: '6' },
    { key: 'zxmc', enable: 1, value: '示例市住房公积金管理中心' },
    { key: 'babh', enable: 1, value: '示ICP备00000000号' },
    { key: 'banks', enable: 1, jsonValue: '[{"key":"01","value":"工商银行"}]' },
    { key: 'bad', enable: 1, jsonValue: '{"not":"a list"}' },
  ];

  it('looks up the enabled item by key', () => {
    const config = newStore();
    config.setSysConfig(list, { commonValue: 'c1', value: 'v1' });
    expect(config.centreName()).toBe('示例市住房公积金管理中心');
    expect(config.defaultTime()).toBe('6');
    expect(config.configValue('missing')).toBe('');
    expect(config.footer()).toEqual({ ggwab: '', babh: '示ICP备00000000号', zxmc: '示例市住房公积金管理中心', wzym: '', jszc: '', wzbsm: '', sydw: '' });
    expect(config.configJson('banks')).toEqual([{ key: '01', value: '工商银行' }]);
  });

  it('logs and returns empty when the configuration or a json value is not a list (spec 8.4)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const config = newStore();
    config.setSysConfig(list);
    expect(config.configJson('bad')).toEqual([]);
    expect(error).toHaveBeenCalledTimes(1);
    config.setSysConfig({ key: 'XT_ZXQC' });
    expect(error).toHaveBeenCalledTimes(2);
    expect(config.centreName()).toBe('示例市住房公积金管理中心');
  });

  it('asks for a reload when the version changed or nothing is held (spec 4.1)', () => {
    const config = newStore();
    expect(config.needsReload({ value: 'v1' })).toBe(true);
    config.setSysConfig(list, { commonValue: 'c1', value: 'v1' });
    expect(config.needsReload({ commonValue: 'c1', value: 'v1' })).toBe(false);
    expect(config.needsReload({ commonValue: 'c1', value: 'v2' })).toBe(true);
  });

  it('sets the system version only once', () => {
    const config = newStore();
    config.setSysConfig(list, { value: 'v1' });
    config.setSysConfig(list, { value: 'v2' });
    expect(config.$systemVersion.get()).toBe('v1');
    expect(config.$configVersion.get()).toEqual({ value: 'v2' });
  });

  it('survives a reload', () => {
    const tab = { session: createMemoryStorage(), local: createMemoryStorage() };
    newStore(tab).setSysConfig(list, { value: 'v1' });
    expect(newStore(tab).centreName()).toBe('示例市住房公积金管理中心');
  });
});

describe('input lengths', () => {
  it('reports the missing configuration with the message that says what to do, and still gives the defaults', () => {
    const config = newStore();
    const { lengths, error } = config.inputLengths();
    expect(lengths).toEqual({ default: 60, name: 15, address: 30, remark: 200, template: 1000 });
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.message).toBe(INPUT_LENGTH_MISSING_MESSAGE);
    expect(INPUT_LENGTH_MISSING_MESSAGE).toBe('配置缺失：请先完成系统配置（输入长度限制）');
  });

  it('reads the enabled item, object or list form, defaults filling the gaps', () => {
    const config = newStore();
    config.setSysConfig([{ key: INPUT_LENGTH_CONFIG_KEY, enable: 1, jsonValue: { name: 20, address: '50', remark: -1 } }]);
    expect(config.inputLengths()).toEqual({ lengths: { default: 60, name: 20, address: 50, remark: 200, template: 1000 }, error: null });
    config.setSysConfig([{ key: INPUT_LENGTH_CONFIG_KEY, enable: 1, jsonValue: '[{"key":"default","value":"80"}]' }]);
    expect(config.inputLengths().lengths.default).toBe(80);
    config.setSysConfig([{ key: INPUT_LENGTH_CONFIG_KEY, enable: 0, jsonValue: { name: 20 } }]);
    expect(config.inputLengths().error).toBeInstanceOf(ConfigError);
  });
});
