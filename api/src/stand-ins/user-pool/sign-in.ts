// Signing in: USER_PASSWORD_AUTH, USER_SRP_AUTH with its PASSWORD_VERIFIER challenge, and
// refresh-token sign-in. Unknown users cost the same work and fail the same way as a wrong password.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.js';
import { poolUsers } from '../../platform/db/schema-stand-in-user-pool.js';
import type { PoolChallenges } from './challenges.js';
import type { PoolLockout } from './lockout.js';
import { ATTEMPTS_EXCEEDED, CognitoError, INCORRECT, record, str, type Json } from './protocol.js';
import * as srp from './srp.js';
import type { StandInIdentities } from './stand-in.js';
import { hashToken, type PoolTokens } from './tokens.js';

type User = typeof poolUsers.$inferSelect;

export interface SignInParts {
  db: Database;
  poolName: string;
  lockout: PoolLockout;
  tokens: PoolTokens;
  challenges: PoolChallenges;
  standIns: StandInIdentities;
  userByName: (username: string) => Promise<User | undefined>;
}

export class PoolSignIn {
  private readonly db: Database;
  private readonly poolName: string;
  private readonly lockout: PoolLockout;
  private readonly tokens: PoolTokens;
  private readonly challenges: PoolChallenges;
  private readonly standIns: StandInIdentities;
  private readonly userByName: (username: string) => Promise<User | undefined>;

  constructor(parts: SignInParts) {
    this.db = parts.db;
    this.poolName = parts.poolName;
    this.lockout = parts.lockout;
    this.tokens = parts.tokens;
    this.challenges = parts.challenges;
    this.standIns = parts.standIns;
    this.userByName = parts.userByName;
  }

  async initiateAuth(body: Json): Promise<Json> {
    const flow = str(body, 'AuthFlow');
    const params = record(body, 'AuthParameters');
    if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
      return { AuthenticationResult: await this.tokens.refresh(str(params, 'REFRESH_TOKEN')), ChallengeParameters: {} };
    }
    if (flow === 'USER_PASSWORD_AUTH') {
      const username = str(params, 'USERNAME');
      const user = await this.userByName(username);
      const password = str(params, 'PASSWORD');
      if (user) await this.lockout.checkLock(user);
      // An unknown user costs the same verifier computation and write as a wrong password.
      const { sub, salt } = user ?? this.standIns.of(username);
      const x = srp.computeX(this.poolName, sub, password, salt);
      const ok = srp.padHex(srp.modPow(srp.g, x, srp.N)) === (user?.verifier ?? this.standIns.verifier);
      if (!user) {
        await this.lockout.recordFailure(sub);
        throw INCORRECT();
      }
      return this.finishSignIn(user, ok);
    }
    if (flow === 'USER_SRP_AUTH') {
      const username = str(params, 'USERNAME');
      const A = BigInt(`0x${str(params, 'SRP_A').replace(/[^0-9a-f]/gi, '') || '0'}`);
      if (A % srp.N === 0n) throw new CognitoError('InvalidParameterException', 'Invalid SRP_A.');
      const user = await this.userByName(username);
      // An unknown user gets a challenge too (a stable UUID-shaped id and salt keyed with the
      // server secret, the stand-in verifier), after the same work, and fails at the claim: no user enumeration.
      const { sub, salt } = user ?? this.standIns.of(username);
      const verifier = user?.verifier ?? this.standIns.verifier;
      const { b, B } = srp.serverEphemeral(verifier);
      const secretBlock = crypto.randomBytes(48).toString('base64');
      await this.challenges.create({
        id: hashToken(secretBlock),
        sub,
        known: Boolean(user),
        clientPublic: A.toString(16),
        serverPublic: B.toString(16),
        serverSecret: b.toString(16),
        verifier,
      });
      return {
        ChallengeName: 'PASSWORD_VERIFIER',
        ChallengeParameters: { SALT: salt, SECRET_BLOCK: secretBlock, SRP_B: B.toString(16), USERNAME: sub, USER_ID_FOR_SRP: sub },
        Session: crypto.randomBytes(32).toString('base64url'),
      };
    }
    throw new CognitoError('InvalidParameterException', `Unsupported AuthFlow ${flow}.`);
  }

  async respondToAuthChallenge(body: Json): Promise<Json> {
    if (body.ChallengeName !== 'PASSWORD_VERIFIER') throw new CognitoError('InvalidParameterException', 'Unsupported challenge.');
    const responses = record(body, 'ChallengeResponses');
    const secretBlock = str(responses, 'PASSWORD_CLAIM_SECRET_BLOCK');
    const challenge = await this.challenges.take(secretBlock);
    if (!challenge) throw new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
    const userId = str(responses, 'USERNAME');
    // (the stand-in id of an unknown user is looked up too: the same query, finding nothing)
    const [found] = await this.db.select().from(poolUsers).where(eq(poolUsers.sub, challenge.sub)).limit(1);
    const user = challenge.known ? found : undefined;
    if (challenge.known && !user) throw INCORRECT();
    if (user) await this.lockout.checkLock(user);
    const timestamp = str(responses, 'TIMESTAMP');
    let ok = false;
    try {
      const key = srp.serverKey({ A: challenge.A, B: challenge.B, b: challenge.b, verifierHex: challenge.verifier });
      const expected = Buffer.from(srp.passwordClaim(key, this.poolName, userId, secretBlock, timestamp), 'base64');
      const given = Buffer.from(str(responses, 'PASSWORD_CLAIM_SIGNATURE'), 'base64');
      ok = expected.length === given.length && crypto.timingSafeEqual(expected, given) && userId === challenge.sub;
    } catch {
      ok = false;
    }
    if (!user) {
      // the stand-in challenge of an unknown user: the same key work and write as a wrong password
      await this.lockout.recordFailure(challenge.sub);
      throw INCORRECT();
    }
    const result = await this.finishSignIn(user, ok);
    return { ...result, ChallengeParameters: {} };
  }

  private async finishSignIn(user: typeof poolUsers.$inferSelect, passwordOk: boolean): Promise<Json> {
    if (!passwordOk) {
      const outcome = await this.lockout.recordFailure(user.sub);
      throw outcome === 'counted' ? INCORRECT() : ATTEMPTS_EXCEEDED();
    }
    if (!(await this.lockout.recordSuccess(user.sub))) throw ATTEMPTS_EXCEEDED();
    if (user.status !== 'CONFIRMED') throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
    return { AuthenticationResult: await this.tokens.issue(user, true) };
  }
}
