// sm-crypto's SM2 module on its own: the package root also bundles SM3 and SM4, 2.6 KB gzipped that SM2 does not
// need. @types/sm-crypto only describes the root, and lacks verifyPublicKey and getPublicKeyFromPrivateKey.
declare module 'sm-crypto/src/sm2/index.js' {
  import type smCrypto from 'sm-crypto';

  const sm2: typeof smCrypto.sm2 & { verifyPublicKey(publicKey: string): boolean; getPublicKeyFromPrivateKey(privateKey: string): string };
  export default sm2;
}
