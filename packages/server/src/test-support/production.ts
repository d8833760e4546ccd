import { DEVELOPMENT_SECRET_KEY } from '../auth/secrets';

/**
 * What buildApp requires in production, for tests that build a production app beside a development one on the same
 * database: the development key (the one that sealed that database's SM2 key; startServer refuses it in production)
 * and a public address.
 */
export const PRODUCTION = { production: true, secretKey: DEVELOPMENT_SECRET_KEY, publicUrl: 'https://gjj.example.gov.cn' } as const;
