// The public receipt check (/tqhdVerify, issue 33): the code as typed or printed.

/** A receipt's verification code as typed, as the server reads it ('' when it cannot be one): spaces and dashes dropped, upper case. */
export function typedReceiptCode(text: string): string {
  const code = text.replace(/[\s-]/g, '').toUpperCase();
  return /^[0-9A-Z]{16}$/.test(code) ? code : '';
}
