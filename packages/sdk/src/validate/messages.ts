/** @internal The decimal message on its own, so the calculator's rules need not carry every message. */
export const DECIMAL_MESSAGE = '只能输入数字、小数';
/** @internal The numeric message on its own. */
export const NUMERIC_MESSAGE = '请输入数字值';
/** @internal The opinion messages on their own, so the complaint form need not carry every message. */
export const OPINION_EMPTY_MESSAGE = '请输入意见！';
/** @internal */
export const OPINION_MESSAGE = '意见不得少于五个字！';

/**
 * Every message the validators show (spec 5.2-5.5), in one frozen object so the hall, the widgets and the server
 * use the same text. The calculator's 5.1 messages are `LOAN_MESSAGES` in `@gjj-hall/sdk/loan`. The spec's Chinese is verbatim (full-width punctuation and '！' included); where the spec
 * gives only English or no wording, the text is ours and marked "ours" below.
 *
 * @example
 * VALIDATE_MESSAGES.mobile // '请输入正确的手机号码'
 * VALIDATE_MESSAGES.focusOut.tel.empty // '请输入手机号'
 */
export const VALIDATE_MESSAGES = /* @__PURE__ */ Object.freeze({
  // 5.4 shared validators
  captchaEmpty: '验证码不能为空',
  captcha: '请输入正确的验证码',
  mobileEmpty: '请输入手机号码',
  mobile: '请输入正确的手机号码',
  landline: '请输入正确的座机号格式为：区号-座机号码',
  nameEmpty: '姓名不能为空',
  name: '姓名格式不正确',
  account: '账号不能包含特殊字符，且必须大于4小于等于20位',
  passwordEmpty: '密码不能为空',
  password: '请输入6-16位，至少包含字母(大小写)、数字两种组合',
  email: '请输入正确的邮箱格式',
  /** The spec transposes the words here (glossary-allow); the code's name under GB 32100-2015 is 统一社会信用代码 (docs/glossary.md). */
  creditCodeEmpty: '请输入所属企业的统一社会信用代码！',
  creditCode: '不是有效的统一社会信用代码！',
  idCardEmpty: '身份证号码不能为空',
  idCardDate: '输入的身份证号里出生日期不对',
  idCard: '请输入正确的身份证号码',
  /** Ours: the spec gives the passport rule without wording. */
  passport: '请输入正确的护照号码',
  hkMacaoPassLength: '通行证号码必须为9位',
  hkMacaoPassFirst: '第1位必须为大写字母H或M',
  hkMacaoPassSecond: '第2位必须为数字或大写字母A',
  hkMacaoPassRest: '第3-9位必须为数字',
  otherId: '请正确输入您的证件号码',
  postalCode: '请输入正确的邮政编码',
  bankNumber: '请输入12位数字的联行号',
  /** Ours: the spec gives the branch-number rule without wording. */
  branchNumber: '请输入6位数字的网点号',
  plate: '车牌号码校验不通过！',
  opinionEmpty: OPINION_EMPTY_MESSAGE,
  opinion: OPINION_MESSAGE,
  unitName: '请输入查询单位信息(不能少于2个字符)',
  decimal: DECIMAL_MESSAGE,
  numeric: NUMERIC_MESSAGE,
  url: '链接格式不正确！',
  // 5.2 change-password dialog
  phoneEmpty: '手机号码不能为空',
  /** The dialog's placeholder text, used as its format message (the spec shows no other wording). */
  newPassword: '请输入8-16位密码，至少包含字母、数字两种组合',
  confirmPasswordEmpty: '请再次输入密码',
  confirmPassword: '两次输入密码不一致!',
  // 5.3 notice agreement
  agreement: '请先阅读并同意条款约定',
  // 5.5 focus-out directive: empty message, format message
  focusOut: /* @__PURE__ */ Object.freeze({
    tel: /* @__PURE__ */ Object.freeze({ empty: '请输入手机号', format: '请输入正确格式的手机号' }),
    email: /* @__PURE__ */ Object.freeze({ empty: '请输入邮箱', format: '请输入正确格式的邮箱' }),
    password: /* @__PURE__ */ Object.freeze({ empty: '请输入密码', format: '密码6-20位，至少两种字符' }),
    idCard: /* @__PURE__ */ Object.freeze({ empty: '请输入证件号', format: '请输入正确格式的证件号' }),
  }),
});
