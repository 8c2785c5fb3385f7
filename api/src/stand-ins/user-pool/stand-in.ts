// Unknown usernames answered as if they were accounts, so that sign-in and sign-up reveal no user.
import crypto from 'node:crypto';
import * as srp from './srp.js';

export class StandInIdentities {
  /** The verifier unknown users are challenged with (the same modPow work as a real one; never matches). */
  readonly verifier: string;

  constructor(private readonly secret: Buffer) {
    // derived from the pool's secret: the same in every process on one database
    const standInSecret = crypto.createHmac('sha256', secret).update('stand-in-verifier').digest('hex');
    this.verifier = srp.padHex(srp.modPow(srp.g, BigInt(`0x${standInSecret}`), srp.N));
  }

  /**
   * What an unknown username is answered with, so that it looks like an account (Cognito's
   * PreventUserExistenceErrors): a UUID-shaped user id and a salt, both stable for the username
   * and keyed with the pool's server secret (an attacker cannot compute them to compare).
   */
  of(username: string): { sub: string; salt: string } {
    const mac = (label: string) => crypto.createHmac('sha256', this.secret).update(`${label}:${username.trim().toLowerCase()}`).digest();
    const h = mac('sub').toString('hex');
    const variant = ((parseInt(h[16]!, 16) & 3) | 8).toString(16);
    const sub = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    return { sub, salt: srp.padHex(BigInt(`0x${mac('salt').subarray(0, 16).toString('hex')}`)) };
  }
}
