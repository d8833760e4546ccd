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
export { createTokenRefreshCheck } from './token-refresh';
export type { TokenRefreshCheck, TokenRefreshCheckOptions } from './token-refresh';
