import { fetchCaptcha, type Captcha } from '@gjj-hall/sdk/auth';
import { client } from '../../../shared/services';

/** A new picture captcha (single use); no sm-crypto in this chunk. */
export function loadCaptcha(): Promise<Captcha> {
  return fetchCaptcha(client);
}
