export {
  createQrAuth,
  QR_EXPIRED_MESSAGE,
  QR_FAILED_MESSAGE,
  QR_INVALID_MESSAGE,
  QR_LOAD_FAILED_MESSAGE,
  QR_STATUS,
} from './qr-auth';
export type { QrAuth, QrAuthOptions, QrAuthPhase, QrAuthState, QrCode } from './qr-auth';
export {
  countdownLabel,
  createSendCodeCountdown,
  SEND_CODE_FAILURE_MESSAGE,
  SEND_CODE_LABEL,
  SEND_CODE_SUCCESS_MESSAGE,
  sendCodeResult,
} from './send-code';
export type {
  CountdownStorage,
  SendCodeCountdown,
  SendCodeCountdownOptions,
  SendCodeResult,
  SendCodeState,
} from './send-code';
export { createTokenRefreshCheck, createTokenRefresher, TOKEN_REFRESH_PATH } from './token-refresh';
export type { TokenRefreshCheck, TokenRefreshCheckOptions, TokenRefresherOptions } from './token-refresh';
export {
  AUTH_PATHS,
  accountLogin,
  fetchCaptcha,
  fetchMenuEnable,
  fetchMenuIcons,
  fetchPublicKey,
  fetchPublicMenu,
  fetchUserInfo,
  logoutSession,
} from './api';
export type {
  AccountLoginInput,
  AccountLoginOptions,
  Captcha,
  CaptchaAnswer,
  LoginResult,
  MenuEnableState,
  MenuIcon,
  PublicMenuItem,
} from './api';
export {
  SHELL_PATHS,
  checkBusinessAccess,
  fetchConfigVersion,
  fetchDictionary,
  fetchInfoCheck,
  fetchInterestStatement,
  fetchNotices,
  fetchPersonalInfo,
  fetchServiceSwitch,
  fetchSysConfig,
  fetchUnitInfo,
} from './shell-api';
export type { InfoCheck, InterestStatement, Notice } from './shell-api';
export { GUARD_PATHS, configVersionChanged, createRouteGuard, decideRoute } from './guard';
export type { RouteGuard, RouteGuardDecision, RouteGuardFacts, RouteGuardOptions, RouteGuardOutcome } from './guard';
export { loadAccountInfo, loadSession } from './bootstrap';
export { displayName } from './display-name';
export type { LoadSessionOptions, SessionBootstrap } from './bootstrap';
export {
  FLEXIBLE_EMPLOYMENT_ROLE,
  PROMPT_PATHS,
  PROMPT_TEXTS,
  infoCheckPrompt,
  interestStatementPrompt,
  loadLoginPrompts,
  promptButtons,
} from './prompts';
export type { PromptButton, PromptContext, PromptData } from './prompts';
export { SMS_LOGIN_PATHS, sendLoginSmsCode, smsCodeLogin } from './sms-login';
export type { CredentialCrypto } from './sms-login';
export {
  PASSWORD_PATHS,
  PASSWORD_STATUS,
  checkRecoverPasswordCode,
  fetchRecoverPhone,
  hasInitialPassword,
  recoverPassword,
  sendRecoverPasswordCode,
  sendUpdatePasswordCode,
  updatePasswordByPhone,
} from './password';
export type { RecoverIdentity } from './password';
export {
  QR_KEY_HEADER,
  QR_LOGIN_PATHS,
  QR_PENDING_STATUS,
  confirmQrCode,
  fetchLoginQrCode,
  fetchQrStatus,
  qrFaceIdLogin,
  refuseQrCode,
  scanQrCode,
} from './qr-login';
export type { LoginQrCode, LoginQrCodeOptions, QrScanInfo } from './qr-login';
export {
  TWO_CHECK_PATHS,
  confirmTwoCheck,
  fetchTwoCheckCode,
  fetchTwoCheckGrant,
  fetchTwoCheckStatus,
  refuseTwoCheck,
  scanTwoCheck,
} from './two-check';
export type { TwoCheckCode, TwoCheckGrant, TwoCheckInfo } from './two-check';
export {
  CA_KEY_FORMAT,
  CA_PATHS,
  CA_PERSONAL_MESSAGE,
  CaKeyFileError,
  caKeyFileMismatch,
  caLogin,
  fetchCaRandom,
  parseCaKeyFile,
} from './ca-login';
export type { CaKeyFile, CaLoginOptions } from './ca-login';
export { SSO_INSECURE_MESSAGE, SSO_PATHS, createPkcePair, createSsoState, fetchSsoConfig, fetchSsoPlatformUrl, ssoAuthorizeUrl } from './sso';
export type { SsoConfig } from './sso';
export { SSO_NO_CODE_MESSAGE, SSO_STATE_MESSAGE, checkSsoReturn, ssoIdentity, ssoLogin } from './sso-return';
export type { SsoCodeExchange, VerifiedIdentity } from './sso-return';
export {
  REGISTER_PERSON_PATHS,
  NEW_PASSWORD_MESSAGE,
  isNewLoginPassword,
  loadRegisterPhone,
  registerPerson,
  registerRemoteLoanPerson,
  sendOwnPhoneCode,
  sendRegisterCode,
  setupFlexibleEmployment,
} from './register-person';
export type {
  FlexibleSetupInput,
  PersonIdentity,
  RegisterCallOptions,
  RegisterResult,
  RemoteLoanRegisterInput,
  UserRegisterInput,
} from './register-person';
export { SWITCH_PATHS, switchUser, switchableAccounts } from './switch';
export type { SwitchableAccount } from './switch';
export {
  UNIT_MESSAGES,
  UNIT_PATHS,
  loadUnitPhone,
  sendUnitDepositCode,
  sendUnitSmsCode,
  setUnitPassword,
  submitUnitDeposit,
} from './register-unit';
export type {
  EncryptOptions,
  UnitCategory,
  UnitDepositInput,
  UnitDepositResult,
  UnitLookup,
  UnitPasswordInput,
  UnitPhone,
} from './register-unit';
