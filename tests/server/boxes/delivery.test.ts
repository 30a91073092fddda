// Delivery on each database: the spec §5 address messages, sizes, shipments moved by the operator
// function, cancel returning items, and bad input answered 4xx with nothing written.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../helpers/test-db.ts';
import type { TestApp } from '../../helpers/test-app.ts';
import { createCatalogApp, type CatalogApp } from '../../helpers/catalog.ts';
import type { TestPlayer } from '../../helpers/users.ts';
import { moveShipment } from '../../../src/server/modules/delivery/delivery.service.ts';
import { COUNTRIES } from '../../../src/shared/countries.ts';
import { runAdmin, UsageError } from '../../../src/server/cli/admin.ts';

const address = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  country: 'United Kingdom',
  country_state: 'London',
  city: 'London',
  postal_code: 'N1 9GU',
  street_address: '12 Analytical St',
  street_address_2: null,
};

describeEachDb('delivery', (dialect) => {
  let t: TestApp;
  let playerWith: CatalogApp['playerWith'];
  beforeAll(async () => {
    ({ t, playerWith } = await createCatalogApp(dialect));
  });
  afterAll(() => t.close());

  const deliver = (p: TestPlayer, payload: unknown) =>
    t.fastify.inject({ method: 'POST', url: '/api/delivery', headers: p.headers, payload: payload as object });
  const statuses = async (ids: number[]) =>
    (
      await t.database.db
        .selectFrom('inventory_items')
        .select(['id', 'status'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute()
    ).map((r) => r.status);
  const shipmentCount = async (userId: number) =>
    Number(
      (
        await t.database.db
          .selectFrom('shipments')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('has the 31-country list', () => {
    expect(COUNTRIES).toHaveLength(31);
    expect(COUNTRIES).toEqual(expect.arrayContaining(['Australia', 'United States', 'Canada', 'Germany']));
  });

  it('answers each missing field with exactly the spec §5 message', async () => {
    const { p, ids } = await playerWith(['dad-cap-navy']);
    const res = await deliver(p, { items: [{ id: ids[0] }] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      first_name: ['first name is a required field'],
      last_name: ['last name is a required field'],
      email: ['email is a required field'],
      phone: ['phone is a required field'],
      country: ['country is a required field'],
      country_state: ['state is a required field'],
      city: ['city is a required field'],
      postal_code: ['postal code is a required field'],
      street_address: ['street is a required field'],
    });
    expect(res.json().msg).toBe('first name is a required field');
    const blanks = Object.fromEntries(Object.keys(address).map((k) => [k, '   ']));
    const blank = (await deliver(p, { items: [{ id: ids[0] }], ...blanks })).json().errors;
    expect(blank.street_address).toEqual(['street is a required field']);
    expect(blank.street_address_2).toBeUndefined(); // optional
    expect((await deliver(p, { items: [{ id: ids[0] }], ...address, email: 'not-an-email' })).json().errors).toEqual({
      email: ['email must be a valid email'],
    });
    expect((await deliver(p, { items: [{ id: ids[0] }], ...address, country: 'Atlantis' })).json().errors).toEqual({
      country: ['country is not valid.'],
    });
    expect(await shipmentCount(p.id)).toBe(0);
  });

  it('requests delivery with sizes where needed; the items leave the inventory', async () => {
    const { p, ids } = await playerWith(['aero-runner-volt', 'heavy-hoodie-heather', 'dad-cap-navy']);
    const noSize = await deliver(p, { items: ids.map((id) => ({ id })), ...address });
    expect(noSize.statusCode).toBe(422);
    expect(noSize.json().errors).toEqual({
      'items.0.size': ['size is a required field'],
      'items.1.size': ['size is a required field'],
    });
    const badSize = await deliver(p, {
      items: [
        { id: ids[0], size: 'XL' },
        { id: ids[1], size: '9.5' },
        { id: ids[2], size: 'M' },
      ],
      ...address,
    });
    expect(badSize.json().errors).toEqual({
      'items.0.size': ['size is not valid.'],
      'items.1.size': ['size is not valid.'],
      'items.2.size': ['This item has no sizes.'],
    });
    const ok = await deliver(p, {
      items: [{ id: ids[0], size: '10.5' }, { id: ids[1], size: 'XXL' }, { id: ids[2] }],
      ...address,
      street_address_2: ' Flat 3 ',
    });
    expect(ok.statusCode).toBe(200);
    const s = ok.json().data;
    expect(s).toMatchObject({
      status: 'new',
      tracking_number: null,
      address: { ...address, street_address_2: 'Flat 3' },
    });
    expect(s.items.map((i: { size: string | null }) => i.size)).toEqual(['10.5', 'XXL', null]);
    expect(await statuses(ids)).toEqual(['delivery_requested', 'delivery_requested', 'delivery_requested']);
    const inv = (
      await t.fastify.inject({ method: 'GET', url: '/api/inventory?status=delivery_requested', headers: p.headers })
    ).json();
    expect(inv.data).toHaveLength(3);
    expect(inv.owned_count).toBe(0);
    // items already requested cannot be shipped or sold again
    expect((await deliver(p, { items: [{ id: ids[2] }], ...address })).json().errors).toEqual({
      'items.0.id': ['This item is not in your inventory.'],
    });
    expect(
      (
        await t.fastify.inject({
          method: 'POST',
          url: '/api/inventory/sell',
          headers: p.headers,
          payload: { ids: [ids[2]] },
        })
      ).statusCode,
    ).toBe(409);
    const list = (await t.fastify.inject({ method: 'GET', url: '/api/shipments', headers: p.headers })).json();
    expect(list.data.map((x: { id: number }) => x.id)).toEqual([s.id]);
  });

  it('cancel while new returns the items; not after processing; not someone else’s', async () => {
    const { p, ids } = await playerWith(['dad-cap-navy', 'card-holder-black']);
    const a = (await deliver(p, { items: [{ id: ids[0] }], ...address })).json().data;
    const b = (await deliver(p, { items: [{ id: ids[1] }], ...address })).json().data;
    const stranger = await playerWith([]);
    expect(
      (await t.fastify.inject({ method: 'POST', url: `/api/shipments/${a.id}/cancel`, headers: stranger.p.headers }))
        .statusCode,
    ).toBe(404);
    const cancel = await t.fastify.inject({ method: 'POST', url: `/api/shipments/${a.id}/cancel`, headers: p.headers });
    expect(cancel.json()).toMatchObject({ msg: 'Shipment canceled.', data: { status: 'canceled' } });
    expect(await statuses([ids[0]!])).toEqual(['owned']);
    expect(
      (await t.fastify.inject({ method: 'POST', url: `/api/shipments/${a.id}/cancel`, headers: p.headers })).statusCode,
    ).toBe(409);
    await moveShipment(t.database.db, b.id, 'processing', undefined, 5_000);
    const late = await t.fastify.inject({ method: 'POST', url: `/api/shipments/${b.id}/cancel`, headers: p.headers });
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe('Only a new shipment can be canceled.');
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      expect(
        (await t.fastify.inject({ method: 'POST', url: `/api/shipments/${id}/cancel`, headers: p.headers })).statusCode,
        id,
      ).toBe(422);
    }
  });

  it('the operator CLI moves a shipment: shipment:move <id> <status> [--tracking]', async () => {
    const { p, ids } = await playerWith(['dad-cap-navy']);
    const s = (await deliver(p, { items: [{ id: ids[0] }], ...address })).json().data;
    const admin = (...argv: string[]) => runAdmin(t.database.db, argv, 9_000);
    expect(await admin('shipment:move', String(s.id), 'processing')).toEqual([`Shipment #${s.id} is processing`]);
    await expect(admin('shipment:move', String(s.id), 'shipped')).rejects.toThrow('Shipping needs a tracking number.');
    expect(await admin('shipment:move', String(s.id), 'shipped', '--tracking', 'LA42')).toEqual([
      `Shipment #${s.id} is shipped (tracking LA42)`,
    ]);
    expect(await statuses(ids)).toEqual(['shipped']);
    await expect(admin('shipment:move', String(s.id), 'lost')).rejects.toBeInstanceOf(UsageError);
    await expect(admin('shipment:move', 'x', 'delivered')).rejects.toBeInstanceOf(UsageError);
  });

  it('moveShipment walks new → processing → shipped (tracking) → delivered, items following', async () => {
    const { p, ids } = await playerWith(['nova-phone-15-graphite']);
    const s = (await deliver(p, { items: [{ id: ids[0] }], ...address })).json().data;
    await expect(moveShipment(t.database.db, s.id, 'shipped', 'TRK1', 1)).rejects.toThrow(
      'A new shipment cannot become shipped.',
    );
    await moveShipment(t.database.db, s.id, 'processing', undefined, 2);
    await expect(moveShipment(t.database.db, s.id, 'shipped', undefined, 3)).rejects.toThrow(
      'Shipping needs a tracking number.',
    );
    const shipped = await moveShipment(t.database.db, s.id, 'shipped', 'LA123456789', 4);
    expect(shipped).toMatchObject({ status: 'shipped', tracking_number: 'LA123456789' });
    expect(await statuses(ids)).toEqual(['shipped']);
    const done = await moveShipment(t.database.db, s.id, 'delivered', undefined, 5);
    expect(done.status).toBe('delivered');
    expect(await statuses(ids)).toEqual(['delivered']);
    await expect(moveShipment(t.database.db, s.id, 'canceled', undefined, 6)).rejects.toThrow(
      'A delivered shipment cannot become canceled.',
    );
    await expect(moveShipment(t.database.db, 999_999, 'processing')).rejects.toThrow('Shipment 999999 not found.');
    // operator cancel while processing returns the items
    const { p: q, ids: qi } = await playerWith(['dad-cap-khaki']);
    const s2 = (await deliver(q, { items: [{ id: qi[0] }], ...address })).json().data;
    await moveShipment(t.database.db, s2.id, 'processing', undefined, 7);
    await moveShipment(t.database.db, s2.id, 'canceled', undefined, 8);
    expect(await statuses(qi)).toEqual(['owned']);
    const view = (await t.fastify.inject({ method: 'GET', url: '/api/shipments', headers: q.headers })).json().data[0];
    expect(view.status).toBe('canceled');
  });

  it('answers bad input with 4xx and writes nothing', async () => {
    const { p, ids } = await playerWith(['dad-cap-navy']);
    const other = await playerWith(['dad-cap-khaki']);
    const bad: unknown[] = [
      { ...address },
      { ...address, items: [] },
      { ...address, items: 'all' },
      { ...address, items: [{ id: 'x' }] },
      { ...address, items: [{ id: ids[0] }, { id: ids[0] }] },
      { ...address, items: [{ id: other.ids[0] }] },
      { ...address, items: [{ id: 999_999_999 }] },
      { ...address, items: [{ id: ids[0], size: 12 }] },
      { ...address, items: [{ id: ids[0] }], first_name: 'x'.repeat(256) },
      { ...address, items: [{ id: ids[0] }], city: 42 },
      { ...address, items: [{ id: ids[0] }], phone: null },
      { ...address, items: [{ id: ids[0] }], country: "Germany'; DROP TABLE shipments; --" },
      { ...address, items: [{ id: ids[0] }], email: '<script>@x' },
    ];
    for (const payload of bad) {
      const res = await deliver(p, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(422);
      expect(res.json().msg).toBeTruthy();
    }
    expect(
      (await deliver(p, { ...address, items: [{ id: ids[0] }], first_name: 'x'.repeat(256) })).json().errors.first_name,
    ).toEqual(['first name must be at most 255 characters']);
    expect(await shipmentCount(p.id)).toBe(0);
    expect(await statuses(ids)).toEqual(['owned']);
    // unicode and markup are stored as plain text
    const uni = await deliver(p, { ...address, items: [{ id: ids[0] }], first_name: 'Zoë 🎁', city: '<b>Kraków</b>' });
    expect(uni.statusCode).toBe(200);
    expect(uni.json().data.address).toMatchObject({ first_name: 'Zoë 🎁', city: '<b>Kraków</b>' });
    expect(
      (await t.fastify.inject({ method: 'POST', url: '/api/delivery', payload: { ...address, items: [{ id: 1 }] } }))
        .statusCode,
    ).toBe(401);
  });
});
