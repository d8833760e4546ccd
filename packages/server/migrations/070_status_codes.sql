-- The records speak a core system's codes (issue 30, docs/api-records.md › 状态代码): personal and unit account status
-- after the national 住房公积金基础数据标准, the closing kind in the status itself, and the withdrawal reason (TQYY) on
-- every 部分提取 / 销户提取 entry.
--
-- Personal (GRZHZT)  before: 01 正常, 02 封存, 03 冻结, 99 销户 (+ close_reason withdrawal/transfer/merge)
--                    after:  01 正常, 02 封存, 03 合并销户, 04 外部转出销户, 05 提取销户, 06 冻结, 99 其他
-- Unit (DWZHZT)      before: 01 正常, 02 开户, 03 缓缴, 04 封存, 05 销户
--                    after:  01 正常, 02 开户, 03 缓缴, 04 销户, 05 封存

alter table personal_account drop constraint if exists personal_account_grzhzt_check;
alter table personal_account drop constraint if exists personal_account_check;
alter table personal_account drop constraint if exists personal_account_close_reason_check;

update personal_account set grzhzt = case
    when grzhzt = '03' then '06'
    when grzhzt = '99' then case close_reason when 'transfer' then '04' when 'merge' then '03' else '05' end
    else grzhzt end
  where grzhzt in ('03', '99');

alter table personal_account drop column close_reason;
alter table personal_account add constraint personal_account_grzhzt_check
  check (grzhzt in ('01', '02', '03', '04', '05', '06', '99'));
-- A closing date exactly when the status is a closing one.
alter table personal_account add constraint personal_account_closed_check
  check ((grzhzt in ('03', '04', '05')) = (xhrq is not null));

-- The login-side copies of the status (grxx, 账户切换, registration): the records' status where the account is on
-- record, else frozen 03 -> 06 and an old 99 (closing kind unknown) -> 99 其他, which stops business all the same.
update person_info p set grzhzt = coalesce((select a.grzhzt from personal_account a where a.grzh = p.grzh),
                                           case p.grzhzt when '03' then '06' else p.grzhzt end)
  where p.grzhzt in ('03', '99');
update depositor_record d set grzhzt = coalesce((select a.grzhzt from personal_account a where a.grzh = d.grzh),
                                                case d.grzhzt when '03' then '06' else d.grzhzt end)
  where d.grzhzt in ('03', '99');

-- Units: 04 and 05 change places.
update unit_record set dwzhzt = case dwzhzt when '04' then '05' else '04' end where dwzhzt in ('04', '05');
update unit_info set dwzhzt = case dwzhzt when '04' then '05' else '04' end where dwzhzt in ('04', '05');

-- Withdrawal reasons (TQYY): 01 购房, 02 建造翻修大修, 03 离退休, 04 丧失劳动能力, 05 户口迁出/出境定居, 06 还贷,
-- 07 房租, 08 死亡, 09 大病医疗, 99 其他. Required on 部分提取 (11) and 销户提取 (12), absent on every other kind.
alter table journal_entry add column tqyy char(2) check (tqyy in ('01', '02', '03', '04', '05', '06', '07', '08', '09', '99'));
-- Existing withdrawals get the reason their note names (the demo's 租房 and 购买自住住房), else 99 其他: the only
-- update the journal ever takes, filling a column that did not exist.
update journal_entry set tqyy = case
    when note like '%租房%' or note like '%房租%' then '07'
    when note like '%购%房%' then '01'
    when note like '%离退休%' or note like '%退休%' then '03'
    when note like '%还贷%' then '06'
    else '99' end
  where kind in ('11', '12');
alter table journal_entry add constraint journal_entry_tqyy_check_kind check ((kind in ('11', '12')) = (tqyy is not null));
