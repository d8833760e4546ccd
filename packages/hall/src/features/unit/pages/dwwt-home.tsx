import { useStore } from '@nanostores/react';
import { stores } from '../../../shared/services';
import { HomeView } from '../../../shared/ui/home-view';

/**
 * DwwtHome: the deposit unit's home page (spec 2.2), with the unit summary (dwxx/dwxxUser). Takes the
 * `activeIndex` query value, the selected business tab.
 */
export function DwwtHome() {
  const info = useStore(stores.session.$unitInfo) ?? {};
  useStore(stores.config.$dictionary);
  return (
    <HomeView
      areaTitle="单位业务"
      facts={[
        { label: '单位名称', value: info.dwmc },
        { label: '单位账号', value: info.dwzh },
        { label: '单位状态', value: info.dwzhzt ? stores.config.dictionaryLabel('DWZHZT', info.dwzhzt) : '' },
        { label: '经办人', value: info.jbrxm },
        { label: '经办人手机号码', value: info.jbrsjhm },
      ]}
    />
  );
}
