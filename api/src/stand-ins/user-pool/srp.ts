/**
 * SRP-6a as Cognito (and aws-amplify's client) does it: RFC 5054 3072-bit group, g = 2,
 * k = H(pad(N) | pad(g)), x = H(pad(salt) | H(poolName + userId + ':' + password)),
 * u = H(pad(A) | pad(B)), key = HKDF-SHA256(ikm = pad(S), salt = pad(u), info = 'Caldera Derived Key' 0x01)[0..16],
 * claim = base64(HMAC-SHA256(key, poolName | userId | secretBlock | timestamp)).
 * "pad" is the two's-complement hex of Java's BigInteger (a leading 00 when the top bit is set).
 */
import crypto from 'node:crypto';

const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';

export const N = BigInt(`0x${N_HEX}`);
export const g = 2n;

export function padHex(value: bigint): string {
  let hex = value.toString(16);
  if (hex.length % 2 !== 0) hex = `0${hex}`;
  if (/^[89a-f]/i.test(hex)) hex = `00${hex}`;
  return hex;
}

export const hashHex = (hex: string): string =>
  crypto.createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex').padStart(64, '0');
const hashText = (text: string): string => crypto.createHash('sha256').update(text, 'utf8').digest('hex').padStart(64, '0');

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = ((base % modulus) + modulus) % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    e >>= 1n;
    b = (b * b) % modulus;
  }
  return result;
}

export const k = BigInt(`0x${hashHex(padHex(N) + padHex(g))}`);

const randomBigInt = (bytes: number): bigint => BigInt(`0x${crypto.randomBytes(bytes).toString('hex')}`);

export function computeX(poolName: string, userId: string, password: string, saltHex: string): bigint {
  const inner = hashText(`${poolName}${userId}:${password}`);
  return BigInt(`0x${hashHex(padHex(BigInt(`0x${saltHex}`)) + inner)}`);
}

/** Salt and verifier for a new password (what the pool stores instead of the password). */
export function createVerifier(poolName: string, userId: string, password: string): { salt: string; verifier: string } {
  const salt = padHex(randomBigInt(16));
  const x = computeX(poolName, userId, password, salt);
  return { salt, verifier: padHex(modPow(g, x, N)) };
}

/** Server's ephemeral values: b secret, B = k*v + g^b mod N. */
export function serverEphemeral(verifierHex: string): { b: bigint; B: bigint } {
  const v = BigInt(`0x${verifierHex}`);
  for (;;) {
    const b = randomBigInt(128) % N;
    const B = (k * v + modPow(g, b, N)) % N;
    if (B !== 0n) return { b, B };
  }
}

function hkdf(ikm: Buffer, salt: Buffer): Buffer {
  const prk = crypto.createHmac('sha256', salt).update(ikm).digest();
  const info = Buffer.concat([Buffer.from('Caldera Derived Key', 'utf8'), Buffer.from([1])]);
  return crypto.createHmac('sha256', prk).update(info).digest().subarray(0, 16);
}

/** The session key from the server side: S = (A * v^u)^b mod N. Throws on an invalid A. */
export function serverKey(opts: { A: bigint; B: bigint; b: bigint; verifierHex: string }): Buffer {
  const { A, B, b } = opts;
  if (A % N === 0n) throw new Error('Invalid SRP_A');
  const u = BigInt(`0x${hashHex(padHex(A) + padHex(B))}`);
  if (u === 0n) throw new Error('Invalid SRP_A');
  const v = BigInt(`0x${opts.verifierHex}`);
  const S = modPow(A * modPow(v, u, N), b, N);
  return hkdf(Buffer.from(padHex(S), 'hex'), Buffer.from(padHex(u), 'hex'));
}

/** The client side (used by tests and the pool's own checks): key from password, salt, B. */
export function clientKey(opts: { poolName: string; userId: string; password: string; saltHex: string; a: bigint; A: bigint; B: bigint }): Buffer {
  const { a, A, B } = opts;
  const u = BigInt(`0x${hashHex(padHex(A) + padHex(B))}`);
  const x = computeX(opts.poolName, opts.userId, opts.password, opts.saltHex);
  const base = (((B - k * modPow(g, x, N)) % N) + N) % N;
  const S = modPow(base, a + u * x, N);
  return hkdf(Buffer.from(padHex(S), 'hex'), Buffer.from(padHex(u), 'hex'));
}

export function clientEphemeral(): { a: bigint; A: bigint } {
  const a = randomBigInt(128);
  return { a, A: modPow(g, a, N) };
}

export function passwordClaim(key: Buffer, poolName: string, userId: string, secretBlockBase64: string, timestamp: string): string {
  return crypto
    .createHmac('sha256', key)
    .update(Buffer.concat([Buffer.from(poolName, 'utf8'), Buffer.from(userId, 'utf8'), Buffer.from(secretBlockBase64, 'base64'), Buffer.from(timestamp, 'utf8')]))
    .digest('base64');
}

/** Cognito's timestamp format, "Sun Nov 22 2:05:03 UTC 2026" (day not padded). */
export function srpTimestamp(date = new Date()): string {
  const week = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][date.getUTCDay()];
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][date.getUTCMonth()];
  const two = (n: number) => String(n).padStart(2, '0');
  return `${week} ${month} ${date.getUTCDate()} ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} UTC ${date.getUTCFullYear()}`;
}
