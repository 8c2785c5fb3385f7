/**
 * Account routes: /api/account (customer + loyalty link), /api/account/state (synced
 * state with syncableStateVersion; a stale version gets 409), /api/account/addresses (the site's country only),
 * /api/account/config (identity settings for the account remote). All but config need a valid
 * ID token (`app.authenticate`); a customer only ever reaches their own rows (keyed by `sub`).
 */
import crypto from 'node:crypto';
import {
  AccountAddress,
  AccountAddressesResponse,
  AccountAddressInput,
  AccountConfigResponse,
  AccountResponse,
  AccountStatePutBody,
  AccountStateResponse,
  AccountUpdateBody,
  ErrorBody,
  ValidationErrorBody,
} from '@store/contracts';
import { DUPLICATE_ADDRESS_MESSAGE, samePlace } from '@store/contracts/address-match';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/index.js';
import { accountAddresses, accountStates, customers, loyaltyMembers } from '../../platform/db/schema-account.js';
import type { AccountConfig } from './config.js';
import { addressIssuesBody, addressMarketIssues } from '../market/index.js';

export interface AccountRoutesOptions {
  db: Database;
  config: AccountConfig;
}

type StateRow = typeof accountStates.$inferSelect;
const toState = (row: Pick<StateRow, 'version' | 'cart' | 'wishlist'> | undefined) => ({
  state: {
    syncableStateVersion: row?.version ?? 0,
    cart: (row?.cart as AccountStateResponse['state']['cart']) ?? { items: [] },
    wishlist: (row?.wishlist as AccountStateResponse['state']['wishlist']) ?? { items: [] },
  },
});

type AddressRow = typeof accountAddresses.$inferSelect;
const toAddress = (row: AddressRow): AccountAddress => ({
  id: row.id,
  type: 'SELECTED',
  company: row.company,
  contactName: row.contactName,
  country: row.country,
  phone: row.phone,
  postcode: row.postcode,
  state: row.state,
  street1: row.street1,
  street2: row.street2,
  suburb: row.suburb,
  isDefaultBilling: row.isDefaultBilling,
  isDefaultShipping: row.isDefaultShipping,
});

const Conflict = ErrorBody.extend({ error: z.literal('Conflict') });
/** A second copy of an address already in the book: the 400's issue, on the street. */
const DUPLICATE_ADDRESS_ISSUE = { field: 'street1', reason: DUPLICATE_ADDRESS_MESSAGE.replace(/\.$/, '') };

const AddressParams = z.object({ id: z.string().min(1).max(100) });
const LOYALTY_MESSAGES = {
  LoyaltyMemberNotFound: 'We could not find a Qantas Frequent Flyer membership with that number and last name.',
  LoyaltyMemberInactive: 'That Qantas Frequent Flyer membership is not active.',
  LoyaltyMemberAlreadyLinked: 'That Qantas Frequent Flyer membership is linked to another account.',
} as const;

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { db, config }) => {
  // onRequest: a missing or bad token is 401 before the body is validated.
  const auth = { onRequest: app.authenticate };
  const sub = (request: { user?: { sub: string } }) => request.user!.sub;

  app.get(
    '/api/account/config',
    { schema: { tags: ['account'], summary: 'Identity settings for the account remote (user pool, loyalty)', response: { 200: AccountConfigResponse } } },
    async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=60').send({
        region: config.region,
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        userPoolEndpoint: config.userPoolEndpoint,
        localPool: config.localPool,
        loyaltyEnabled: config.loyaltyEnabled,
        guestLoyaltyMaxAgeMinutes: config.guestLoyaltyMaxAgeMinutes,
      }),
  );

  // ---- synced state ----

  app.get(
    '/api/account/state',
    { ...auth, schema: { tags: ['account'], summary: 'The synced account state (cart items, wishlist, syncableStateVersion)', response: { 200: AccountStateResponse, 401: ErrorBody } } },
    async (request, reply) => {
      // one synced state per market: the NZ cart never shows up on the Australian site
      const [row] = await db.select().from(accountStates).where(and(eq(accountStates.sub, sub(request)), eq(accountStates.market, request.market.id))).limit(1);
      return reply.header('cache-control', 'no-store').send(toState(row));
    },
  );

  app.put(
    '/api/account/state',
    {
      ...auth,
      schema: {
        tags: ['account'],
        summary: 'Replace the synced state; 409 when syncableStateVersion is not the current one',
       
        body: AccountStatePutBody,
        response: { 200: AccountStateResponse, 400: ValidationErrorBody, 401: ErrorBody, 409: Conflict },
      },
    },
    async (request, reply) => {
      const { syncableStateVersion, cart, wishlist } = request.body;
      const owner = sub(request);
      // One conditional statement: concurrent writers with the same version cannot both win.
      let [row] = await db
        .update(accountStates)
        .set({ version: sql`${accountStates.version} + 1`, cart, wishlist, updatedAt: new Date() })
        .where(and(eq(accountStates.sub, owner), eq(accountStates.market, request.market.id), eq(accountStates.version, syncableStateVersion)))
        .returning();
      if (!row && syncableStateVersion === 0) {
        [row] = await db.insert(accountStates).values({ sub: owner, market: request.market.id, version: 1, cart, wishlist }).onConflictDoNothing().returning();
      }
      if (!row) return reply.code(409).send({ error: 'Conflict', message: 'The synced state changed since it was read; fetch it and try again.' });
      return reply.header('cache-control', 'no-store').send(toState(row));
    },
  );

  // ---- customer ----

  const loadAccount = async (owner: string) => {
    const [row] = await db.select().from(customers).where(eq(customers.sub, owner)).limit(1);
    if (!row) return undefined;
    return {
      customer: {
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        phone: row.phone,
        erpCustomerId: row.erpCustomerId,
        subscriptions: { email: row.subscriptionsEmail, sms: row.subscriptionsSms },
      },
      loyalty: { providers: row.qantasMemberId ? { qantas: { memberId: row.qantasMemberId } } : {} },
    };
  };
  const notFound = { error: 'CustomerNotFound', message: 'The customer record is still being prepared.' };

  app.get(
    '/api/account',
    { ...auth, schema: { tags: ['account'], summary: 'The signed-in customer and loyalty links (404 CustomerNotFound while being prepared)', response: { 200: AccountResponse, 401: ErrorBody, 404: ErrorBody } } },
    async (request, reply) => {
      const account = await loadAccount(sub(request));
      reply.header('cache-control', 'no-store');
      return account ? reply.send(account) : reply.code(404).send(notFound);
    },
  );

  app.put(
    '/api/account',
    {
      ...auth,
      schema: {
        tags: ['account'],
        summary: 'Update contact info and subscriptions; optionally link or unlink the Qantas membership',
       
        body: AccountUpdateBody,
        response: { 200: AccountResponse, 400: ValidationErrorBody, 401: ErrorBody, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const owner = sub(request);
      const { customer, loyalty } = request.body;
      const [existing] = await db.select({ sub: customers.sub }).from(customers).where(eq(customers.sub, owner)).limit(1);
      if (!existing) return reply.code(404).send(notFound);
      let qantasMemberId: string | null | undefined;
      if (loyalty?.qantas.action === 'link') {
        if (!config.loyaltyEnabled) return reply.code(422).send({ error: 'LoyaltyDisabled', message: 'Loyalty linking is not available.' });
        const [member] = await db.select().from(loyaltyMembers).where(eq(loyaltyMembers.memberId, loyalty.qantas.memberId)).limit(1);
        if (!member || member.lastName.toLowerCase() !== loyalty.qantas.lastName.toLowerCase()) {
          return reply.code(422).send({ error: 'LoyaltyMemberNotFound', message: LOYALTY_MESSAGES.LoyaltyMemberNotFound });
        }
        if (!member.active) return reply.code(422).send({ error: 'LoyaltyMemberInactive', message: LOYALTY_MESSAGES.LoyaltyMemberInactive });
        const [other] = await db
          .select({ sub: customers.sub })
          .from(customers)
          .where(and(eq(customers.qantasMemberId, member.memberId), ne(customers.sub, owner)))
          .limit(1);
        if (other) return reply.code(422).send({ error: 'LoyaltyMemberAlreadyLinked', message: LOYALTY_MESSAGES.LoyaltyMemberAlreadyLinked });
        qantasMemberId = member.memberId;
      } else if (loyalty?.qantas.action === 'unlink') {
        qantasMemberId = null;
      }
      await db
        .update(customers)
        .set({
          firstName: customer.firstName,
          lastName: customer.lastName,
          phone: customer.phone,
          subscriptionsEmail: customer.subscriptions.email,
          subscriptionsSms: customer.subscriptions.sms,
          ...(qantasMemberId !== undefined ? { qantasMemberId } : {}),
          updatedAt: new Date(),
        })
        .where(eq(customers.sub, owner));
      return reply.header('cache-control', 'no-store').send((await loadAccount(owner))!);
    },
  );

  // ---- addresses ----

  /** The site's country only (NZ on the NZ site, AU on the Australian site): other countries are dropped on load; with no default, the first becomes default. */
  const listAddresses = async (owner: string, country: string) => {
    const rows = await db.select().from(accountAddresses).where(eq(accountAddresses.sub, owner)).orderBy(asc(accountAddresses.createdAt), asc(accountAddresses.id));
    const addresses = rows.filter((r) => r.country === country).map(toAddress);
    if (addresses.length > 0) {
      if (!addresses.some((a) => a.isDefaultBilling)) addresses[0]!.isDefaultBilling = true;
      if (!addresses.some((a) => a.isDefaultShipping)) addresses[0]!.isDefaultShipping = true;
    }
    return { addresses };
  };
  const clearDefaults = async (tx: Database, owner: string, input: { country: string; isDefaultBilling?: boolean; isDefaultShipping?: boolean }) => {
    const mine = and(eq(accountAddresses.sub, owner), eq(accountAddresses.country, input.country));
    if (input.isDefaultBilling) await tx.update(accountAddresses).set({ isDefaultBilling: false }).where(mine);
    if (input.isDefaultShipping) await tx.update(accountAddresses).set({ isDefaultShipping: false }).where(mine);
  };
  /**
   * One owner's address-book writes run one at a time: a transaction that first takes a lock on the
   * owner, so the copy check, the 20-address limit and the one default of each kind hold when the
   * same customer's requests race, in one process or several on one database.
   */
  const bookWrite = <T>(owner: string, run: (tx: Database) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`account_addresses:${owner}`}))`);
      return run(tx as unknown as Database);
    }) as Promise<T>;
  /** An address of the other market: 400 naming the field. */
  const wrongCountry = (request: FastifyRequest, reply: FastifyReply, country: string) => {
    const issues = addressMarketIssues(request.market, [['', { country }]]).map((i) => ({ ...i, field: 'country' }));
    return issues.length > 0 ? reply.code(400).send(addressIssuesBody(issues)) : null;
  };
  /**
   * Another entry of the book (of the address's country) at the same place (`samePlace`: trimmed,
   * case-insensitive, an Australian state by code or name, the postcode): a second copy is refused.
   */
  const alreadyInBook = async (tx: Database, owner: string, input: AccountAddressInput & { country: string }, except: string | null) =>
    (await tx.select().from(accountAddresses).where(and(eq(accountAddresses.sub, owner), eq(accountAddresses.country, input.country)))).some(
      (row) => row.id !== except && samePlace(row, { street1: input.street1, street2: input.street2, suburb: input.suburb, postcode: input.postcode, state: input.state }),
    );
  const addressSchema = { tags: ['account'] };

  app.get(
    '/api/account/addresses',
    { ...auth, schema: { ...addressSchema, summary: "The address book (the site's country only)", response: { 200: AccountAddressesResponse, 401: ErrorBody } } },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await listAddresses(sub(request), request.market.country)),
  );

  app.post(
    '/api/account/addresses',
    { ...auth, schema: { ...addressSchema, summary: 'Add an address', body: AccountAddressInput, response: { 201: AccountAddressesResponse, 400: ValidationErrorBody, 401: ErrorBody, 422: ErrorBody } } },
    async (request, reply) => {
      if (wrongCountry(request, reply, request.body.country)) return reply;
      const owner = sub(request);
      const input = request.body;
      const refused = await bookWrite(owner, async (tx) => {
        if (await alreadyInBook(tx, owner, input, null)) return 'copy' as const;
        const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(accountAddresses).where(eq(accountAddresses.sub, owner));
        if (Number(n) >= 20) return 'full' as const;
        await clearDefaults(tx, owner, input);
        await tx.insert(accountAddresses).values({ id: crypto.randomUUID(), sub: owner, ...input });
        return null;
      });
      if (refused === 'copy') return reply.code(400).send(addressIssuesBody([DUPLICATE_ADDRESS_ISSUE]));
      if (refused === 'full') return reply.code(422).send({ error: 'AddressLimitReached', message: 'An address book holds at most 20 addresses.' });
      return reply.code(201).send(await listAddresses(owner, request.market.country));
    },
  );

  app.put(
    '/api/account/addresses/:id',
    { ...auth, schema: { ...addressSchema, summary: 'Replace an address', params: AddressParams, body: AccountAddressInput, response: { 200: AccountAddressesResponse, 400: ValidationErrorBody, 401: ErrorBody, 404: ErrorBody } } },
    async (request, reply) => {
      if (wrongCountry(request, reply, request.body.country)) return reply;
      const owner = sub(request);
      const [row] = await db.select({ id: accountAddresses.id }).from(accountAddresses).where(and(eq(accountAddresses.id, request.params.id), eq(accountAddresses.sub, owner))).limit(1);
      if (!row) return reply.code(404).send({ error: 'NotFound', message: 'Address not found.' });
      const copy = await bookWrite(owner, async (tx) => {
        if (await alreadyInBook(tx, owner, request.body, row.id)) return true;
        await clearDefaults(tx, owner, request.body);
        await tx.update(accountAddresses).set(request.body).where(and(eq(accountAddresses.id, row.id), eq(accountAddresses.sub, owner)));
        return false;
      });
      if (copy) return reply.code(400).send(addressIssuesBody([DUPLICATE_ADDRESS_ISSUE]));
      return reply.send(await listAddresses(owner, request.market.country));
    },
  );

  app.delete(
    '/api/account/addresses/:id',
    { ...auth, schema: { ...addressSchema, summary: 'Delete an address', params: AddressParams, response: { 200: AccountAddressesResponse, 401: ErrorBody, 404: ErrorBody } } },
    async (request, reply) => {
      const owner = sub(request);
      const deleted = await db.delete(accountAddresses).where(and(eq(accountAddresses.id, request.params.id), eq(accountAddresses.sub, owner))).returning({ id: accountAddresses.id });
      if (deleted.length === 0) return reply.code(404).send({ error: 'NotFound', message: 'Address not found.' });
      return reply.send(await listAddresses(owner, request.market.country));
    },
  );
};
