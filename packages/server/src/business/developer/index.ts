import type { Business } from '../types';
import { kh0201, kh0202 } from './projects';

/** The developer's businesses built so far (docs/api-developer.md); KH0103 is still a row of placeholders.ts. */
export const DEVELOPER_BUSINESSES: readonly Business[] = [kh0201, kh0202].map((b) => b as unknown as Business);
