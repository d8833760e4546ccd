export { CryptoError, generateSm2KeyPair, sm2Decrypt, sm2Encrypt } from './sm2';
export type { Sm2KeyPair } from './sm2';
export { sm2PublicKeyOf, sm2Sign, sm2Verify } from './sign';
