import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '@gjj-hall/sdk/format';
import { useStore } from '@nanostores/react';
import { $menuRoutes } from '../../../shared/services';
import { fetchHomeFigures, type HomeFigures as Figures } from './api';
import { findRoute, signedMoney } from './format';
import './account-info.css';

/**
 * The figures of the individual's home (issue 24): the current account's balance, this year's deposits (汇缴 and 补缴),
 * the last movement (date, kind in words, signed amount) and the number of to-do items, each from the server
 * (grzhxx/home). A chunk of its own, loaded after the home shows, so the home's JavaScript does not grow.
 */
export function HomeFigures() {
  const routes = useStore($menuRoutes);
  const todoPath = findRoute(routes, '', 'TodoList')?.fullPath ?? '';
  const infoPath = findRoute(routes, '/grwt/zhxx/zhcx/grzhxx')?.fullPath ?? '';
  const [figures, setFigures] = useState<Figures | null | 'failed'>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchHomeFigures({ signal: controller.signal, silent: true }).then(
      (data) => !controller.signal.aborted && setFigures(data),
      () => !controller.signal.aborted && setFigures('failed'),
    );
    return () => controller.abort();
  }, []);

  if (figures === null) {
    return (
      <p className="home-figures__note" role="status">
        正在加载账户数字…
      </p>
    );
  }
  if (figures === 'failed') return <p className="home-figures__note">账户数字暂时无法显示，请稍后刷新页面。</p>;
  const last = figures.lastMovement;
  return (
    <ul className="home-figures" aria-label="账户概况">
      <li className="home-figures__item">
        <p className="home-figures__label">账户余额（元）</p>
        <p className="home-figures__value">{formatMoney(figures.grzhye)}</p>
        <p className="home-figures__note">{infoPath ? <Link to={infoPath}>查看账户信息</Link> : `个人账号 ${figures.grzh}`}</p>
      </li>
      <li className="home-figures__item">
        <p className="home-figures__label">{figures.year}年缴存额（元）</p>
        <p className="home-figures__value">{formatMoney(figures.bnjce)}</p>
        <p className="home-figures__note">本年汇缴、补缴合计</p>
      </li>
      <li className="home-figures__item">
        <p className="home-figures__label">最近一笔资金变动（元）</p>
        <p className="home-figures__value">{last ? signedMoney(last.amount, formatMoney) : '--'}</p>
        <p className="home-figures__note">{last ? `${last.date} ${last.kindName}` : '暂无资金变动'}</p>
      </li>
      <li className="home-figures__item">
        <p className="home-figures__label">待办事项</p>
        <p className="home-figures__value">{figures.todoCount} 项</p>
        <p className="home-figures__note">
          {todoPath ? <Link to={todoPath}>{figures.todoCount > 0 ? '去处理' : '查看待办'}</Link> : '中心退回待修改的业务'}
        </p>
      </li>
    </ul>
  );
}
