import { useStore } from '@nanostores/react';
import { stores } from '../../../shared/services';
import { HomeView } from '../../../shared/ui/home-view';

/**
 * KfswtHome: the developer's home page (spec 2.2), with the developer's summary (dwxx/dwxxUser). Takes the
 * `activeIndex` query value, the selected business tab.
 */
export function KfswtHome() {
  const info = useStore(stores.session.$otherUnitInfo) ?? {};
  useStore(stores.config.$dictionary);
  return (
    <HomeView
      areaTitle="开发商业务"
      facts={[
        { label: '开发商名称', value: info.dwmc },
        { label: '开发商账号', value: info.dwzh },
        { label: '账户状态', value: info.dwzhzt ? stores.config.dictionaryLabel('DWZHZT', info.dwzhzt) : '' },
        { label: '联系人', value: info.jbrxm },
        { label: '联系人手机', value: info.jbrsjhm },
      ]}
    />
  );
}
