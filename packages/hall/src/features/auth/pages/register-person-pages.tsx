import { useEffect, useState } from 'react';
import { formatMoney } from '@gjj-hall/sdk/format';
import { usePageTitle } from '../../../shared/use-page-title';
import {
  sendOwnCode,
  fetchFlexibleBounds,
  sendPersonCode,
  submitFlexibleSetup,
  submitRemoteLoanRegister,
  submitUserRegister,
} from '../api/register-person';
import { useIdentityGate } from '../components/identity-gate';
import { RegisterForm, type RegisterFieldSpec } from '../components/register-form';
import { DEFAULT_FLEXIBLE_BOUNDS, flexibleRates, monthlyDeposit, type FlexibleBounds, type RegisterValues } from '../register-person-form';
import { forgetIdentity, type KeptIdentity } from '../verified-identity';

const NAME: RegisterFieldSpec = { name: 'xingming', label: '姓名', placeholder: '请输入姓名', maxLength: 15, autoComplete: 'name' };
const ID_NUMBER: RegisterFieldSpec = { name: 'zjhm', label: '身份证号码', placeholder: '请输入18位身份证号码', maxLength: 18 };
const OWN_PHONE: RegisterFieldSpec = {
  name: 'sjhm',
  label: '手机号码',
  placeholder: '请输入本人手机号码',
  maxLength: 11,
  inputMode: 'tel',
  autoComplete: 'tel',
};
const v = (values: RegisterValues, field: keyof RegisterValues) => values[field] ?? '';
/** The name and ID number of a verified identity: filled from it, not typed. */
const VERIFIED_PERSON = [
  { ...NAME, readOnly: true },
  { ...ID_NUMBER, readOnly: true },
];
const personOf = (identity: KeptIdentity): RegisterValues => ({ xingming: identity.xingming, zjhm: identity.zjhm });
/** A registration with a verified identity spends it: forgotten once the server accepted it. */
const spending = <T,>(registered: Promise<T>): Promise<T> =>
  registered.then((result) => {
    forgetIdentity();
    return result;
  });

/** Where the /userRegister code goes: the phone on file is not shown (it would tell who is on the records, issue 18). */
const ON_FILE_NOTE = '验证码将发送至您在本中心预留的手机号码。如姓名、证件号码与中心登记的不一致或已注册，将收不到验证码。';

/**
 * /userRegister (spec 2.1, 3.9): a depositor on the centre's records opens a login. Name, ID number and the picture
 * captcha send the code to the phone on file (not shown); the password follows the centre's rule (XT_MMZZ).
 */
export function UserRegisterPage() {
  usePageTitle('个人用户注册');
  return (
    <section className="page register" aria-labelledby="register-title">
      <h1 id="register-title">个人用户注册</h1>
      <p className="page__lead">已在本中心缴存住房公积金的职工，可凭本人身份证号码和预留手机号码注册网上业务大厅账号。</p>
      <RegisterForm
        label="个人用户注册"
        person={[NAME, ID_NUMBER]}
        codeNeeds={['xingming', 'zjhm']}
        codeKey="userRegisterCodeTime"
        codeNote={ON_FILE_NOTE}
        sendCode={(values, captcha) => sendPersonCode({ xingming: v(values, 'xingming'), zjhm: v(values, 'zjhm'), captcha })}
        submit={(values) =>
          submitUserRegister({
            xingming: v(values, 'xingming'),
            zjhm: v(values, 'zjhm'),
            password: v(values, 'password'),
            dxyzm: v(values, 'dxyzm'),
          })
        }
        submitLabel="注册"
      />
    </section>
  );
}

/**
 * /lhjyrysl (灵活就业人员开户): a person without an employer opens a flexible-employment account and its login: their
 * verified identity first (the government platform's sign-in, issue 18), then their own phone (verified by code),
 * where they are registered and live, the monthly base and rate they choose.
 */
export function FlexibleSetupPage() {
  usePageTitle('灵活就业人员开户');
  const { identity, gate } = useIdentityGate('/lhjyrysl', '灵活就业人员开户');
  // The bounds the server enforces, from its parameter table: the page's checks, options and preview follow them.
  const [bounds, setBounds] = useState<FlexibleBounds>(DEFAULT_FLEXIBLE_BOUNDS);
  useEffect(() => {
    let live = true;
    void fetchFlexibleBounds().then((b) => live && setBounds(b));
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="page register" aria-labelledby="register-title">
      <h1 id="register-title">灵活就业人员开户</h1>
      <p className="page__lead">
        无雇工的个体工商户、非全日制从业人员及其他灵活就业人员，可在此开立住房公积金个人账户并注册网上业务大厅账号。
      </p>
      {gate}
      {identity && (
        <RegisterForm
          label="灵活就业人员开户"
          initialValues={personOf(identity)}
          flexible={bounds}
          person={[...VERIFIED_PERSON, OWN_PHONE]}
          codeNeeds={['xingming', 'zjhm', 'sjhm']}
          codeKey="flexibleSetupCodeTime"
          sendCode={(values, captcha) =>
            sendOwnCode('flexible', { xingming: v(values, 'xingming'), zjhm: v(values, 'zjhm'), sjhm: v(values, 'sjhm'), captcha })
          }
          details={[
            { name: 'hjszd', label: '户籍所在地', placeholder: '如：示范市历下区', keepSpaces: true },
            { name: 'txdz', label: '通讯地址', placeholder: '请输入详细通讯地址', keepSpaces: true },
            { name: 'yzbm', label: '邮政编码（选填）', placeholder: '请输入6位邮政编码', maxLength: 6, inputMode: 'numeric' },
            {
              name: 'jcjs',
              label: '月缴存基数（元）',
              placeholder: `${bounds.baseMinYuan} 至 ${bounds.baseMaxYuan} 元`,
              maxLength: 9,
              inputMode: 'decimal',
            },
            {
              name: 'jcbl',
              label: '缴存比例',
              kind: 'select',
              placeholder: '请选择缴存比例',
              options: flexibleRates(bounds).map((rate) => [rate, `${rate}%`] as const),
            },
          ]}
          summary={(values) => {
            const deposit = monthlyDeposit(v(values, 'jcjs'), v(values, 'jcbl'), bounds);
            return (
              <p className="register-form__summary" aria-live="polite">
                月缴存额（个人和单位部分均由本人缴纳）：{deposit ? `${formatMoney(deposit)} 元` : '填写缴存基数并选择比例后计算'}
              </p>
            );
          }}
          submit={(values) =>
            spending(
              submitFlexibleSetup({
                identityTicket: identity.ticket,
                xingming: v(values, 'xingming'),
                zjhm: v(values, 'zjhm'),
                sjhm: v(values, 'sjhm'),
                dxyzm: v(values, 'dxyzm'),
                password: v(values, 'password'),
                hjszd: v(values, 'hjszd'),
                txdz: v(values, 'txdz'),
                yzbm: v(values, 'yzbm'),
                jcjs: v(values, 'jcjs'),
                jcbl: v(values, 'jcbl'),
              }),
            )
          }
          submitLabel="提交申请"
        />
      )}
    </section>
  );
}

/**
 * /yddkryzc (异地贷款人员注册): a person whose provident fund account is in another city registers here to apply for
 * a loan: their verified identity first (the government platform's sign-in, issue 18), then their own phone
 * (verified by code) and where their account is.
 */
export function RemoteLoanRegisterPage() {
  usePageTitle('异地贷款人员注册');
  const { identity, gate } = useIdentityGate('/yddkryzc', '异地贷款人员注册');
  return (
    <section className="page register" aria-labelledby="register-title">
      <h1 id="register-title">异地贷款人员注册</h1>
      <p className="page__lead">在外地缴存住房公积金、拟在本市申请住房公积金贷款的职工，可在此注册网上业务大厅账号。</p>
      {gate}
      {identity && (
        <RegisterForm
          label="异地贷款人员注册"
          initialValues={personOf(identity)}
          person={[...VERIFIED_PERSON, OWN_PHONE]}
          codeNeeds={['xingming', 'zjhm', 'sjhm']}
          codeKey="remoteLoanRegisterCodeTime"
          sendCode={(values, captcha) =>
            sendOwnCode('remoteLoan', { xingming: v(values, 'xingming'), zjhm: v(values, 'zjhm'), sjhm: v(values, 'sjhm'), captcha })
          }
          details={[
            { name: 'jcdcs', label: '缴存地城市', placeholder: '如：武汉市', maxLength: 15, keepSpaces: true },
            { name: 'jczx', label: '缴存地住房公积金管理中心', placeholder: '如：武汉住房公积金管理中心', maxLength: 30, keepSpaces: true },
            { name: 'ydgrzh', label: '缴存地个人公积金账号', placeholder: '请输入6-20位字母或数字', maxLength: 20 },
            { name: 'dwmc', label: '工作单位（选填）', placeholder: '请输入缴存地工作单位', maxLength: 60, keepSpaces: true },
          ]}
          submit={(values) =>
            spending(
              submitRemoteLoanRegister({
                identityTicket: identity.ticket,
                xingming: v(values, 'xingming'),
                zjhm: v(values, 'zjhm'),
                sjhm: v(values, 'sjhm'),
                dxyzm: v(values, 'dxyzm'),
                password: v(values, 'password'),
                jcdcs: v(values, 'jcdcs'),
                jczx: v(values, 'jczx'),
                ydgrzh: v(values, 'ydgrzh'),
                dwmc: v(values, 'dwmc'),
              }),
            )
          }
          submitLabel="注册"
        />
      )}
    </section>
  );
}
