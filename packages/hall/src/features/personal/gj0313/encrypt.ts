// The one thing GJ0313 needs of @gjj-hall/sdk/crypto, loaded lazily on the 原手机号码已停用 path (the login password
// goes SM2-encrypted): a static import here lets the bundler take sm2Encrypt alone, not the whole entry.
export { sm2Encrypt } from '@gjj-hall/sdk/crypto';
