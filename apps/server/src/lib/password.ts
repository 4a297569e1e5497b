import { hash, type Options, verify } from '@node-rs/argon2';

/** argon2id with OWASP's parameters (DESIGN §1). */
// `Algorithm` is an ambient const enum (unusable under verbatimModuleSyntax): 2 is Argon2id.
const options: Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real check when the user name is unknown, so timing reveals nothing. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummy ??= hashPassword('Dummy#Password1');
  await verifyPassword(await dummy, password);
}
