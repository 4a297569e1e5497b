/** SPEC §5: an upper-case letter, a lower-case letter, one of # $ @ %, a number; DESIGN §5: 8–128 long. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[#$@%]/.test(password) &&
    /[0-9]/.test(password)
  );
}
