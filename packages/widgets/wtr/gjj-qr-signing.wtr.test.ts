// gjj-qr-signing.js, the QR signing panel's own script-tag file.
import { qrSigningTests } from './qr-signing.ts';

qrSigningTests('gjj-qr-signing.js');
