import crypto from 'node:crypto';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';

let unguessableHash: Promise<string> | undefined;

/**
 * Whether `password` is the one `passwordHash` was made from. Without a hash (an unknown email, an invited person
 * who has not chosen a password) it still verifies, against the hash of a random password, so every refusal costs
 * one argon2 verification and takes as long: the time of an answer does not tell which emails have accounts.
 */
export async function passwordMatches(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  unguessableHash ??= hashPassword(crypto.randomBytes(32).toString('base64url'));
  const matches = await verifyPassword(passwordHash ?? (await unguessableHash), password);
  return Boolean(passwordHash) && matches;
}
