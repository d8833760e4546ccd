export interface TileItem {
  key: string;
  title: string;
  /** A data URL of the icon; a coloured initial when none. */
  icon?: string;
  /** A note under the title, e.g. 暂停办理. */
  note?: string;
  onOpen: () => void;
}

/**
 * Menu tiles with icon and title (spec 2.5), and the empty state 暂无数据.
 *
 * @example
 * <Tiles items={[{ key: '1', title: '个人账户信息', onOpen: () => navigate('/grwt/zhxx/zhcx/grzhxx') }]} />
 */
export function Tiles({ items, label }: { items: readonly TileItem[]; label?: string }) {
  if (!items.length) return <p className="empty">暂无数据</p>;
  return (
    <ul className="tiles" aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <button type="button" className="tile" onClick={item.onOpen}>
            {item.icon ? (
              <img className="tile__icon" src={item.icon} alt="" width={48} height={48} />
            ) : (
              <span className="tile__icon tile__icon--text" aria-hidden="true">
                {item.title.charAt(0)}
              </span>
            )}
            <span className="tile__title">{item.title}</span>
            {item.note && <span className="tile__note">{item.note}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
