import type { Queryable } from '../db/db';
import { demoPasswordHash } from './password';
import type { DemoCalendar } from './calendar';

/**
 * The demo certificates (seed step 4): the public keys of the key files in demo-ca/ (whose private keys are
 * published there, demo only), registered for the demo unit and developer, valid from 1 January of the seed day's
 * year to 31 December two years on (demoCertificateValidity).
 */
export const DEMO_CERTIFICATES = [
  {
    serial: 'GJJDEMO0001',
    account: '100200300001',
    subject: 'CN=示例科技有限公司,OU=100200300001,O=示例科技有限公司,C=CN',
    publicKey:
      '043fba2c312133398a980dc522a822b44435898134b90bb7a3f04af5e13dec15468474e57e0c53950a6d86112a1ba21fb258d6158c7b06351f86246787bed4ec5d',
  },
  {
    serial: 'GJJDEMO0002',
    account: '900100200001',
    subject: 'CN=示例置业发展有限公司,OU=900100200001,O=示例置业发展有限公司,C=CN',
    publicKey:
      '04498a21b2716b067fbfd94b3a046628398fa51ef1f2c3332a449e1ed96c3201b87f8cf7d5e01d2b1e4edfb56547c88238450b4e3772f68ab1c211481a6b68c1c1',
  },
] as const;

/** The demo certificates' validity around the seed day (the demo calendar): from 1 January of its year to 31 December two years on. */
export const demoCertificateValidity = (cal: DemoCalendar) => ({ notBefore: `${cal.year}-01-01T00:00:00+08:00`, notAfter: `${cal.year + 2}-12-31T23:59:59+08:00` });

/** The simulated government platform's password for its demo citizens. */
export const GOV_DEMO_PASSWORD = 'Gov@2026';

/**
 * The simulated platform's citizens: three map to the hall's demo individuals by ID number; 赵六 has no account at
 * the centre (signing in with him shows what the hall says then).
 */
export const GOV_DEMO_CITIZENS = [
  { idNumber: '110101199003072316', name: '张三' },
  { idNumber: '320106198506124022', name: '李梅' },
  { idNumber: '440304199208155533', name: '王磊' },
  { idNumber: '110105198803151232', name: '赵六' },
] as const;

/** Seed step 4: demo certificates and the simulated platform's citizens. */
export async function seedCa(tx: Queryable, cal: DemoCalendar): Promise<void> {
  const validity = demoCertificateValidity(cal);
  for (const c of DEMO_CERTIFICATES) {
    await tx.query(
      `insert into ca_certificate (serial, user_id, subject, public_key, not_before, not_after)
       select $1, id, $3, $4, $5, $6 from app_user where account = $2
       on conflict (serial) do nothing`,
      [c.serial, c.account, c.subject, c.publicKey, validity.notBefore, validity.notAfter],
    );
  }
  await seedGovCitizens(tx, GOV_DEMO_CITIZENS);
}

/** Adds citizens to the simulated platform, each with the platform's demo password (seed steps 4 and 9). */
export async function seedGovCitizens(tx: Queryable, citizens: ReadonlyArray<{ idNumber: string; name: string }>): Promise<void> {
  const passwordHash = await demoPasswordHash(GOV_DEMO_PASSWORD);
  for (const c of citizens) {
    await tx.query('insert into sim_gov_citizen (id_number, name, password_hash) values ($1, $2, $3) on conflict do nothing', [
      c.idNumber,
      c.name,
      passwordHash,
    ]);
  }
}
