import { ALLERGEN_TYPES } from '@tablo/contract/allergens';
import { OPTION_GROUP_KINDS } from '@tablo/contract/choices';
import { AVAILABILITY_TYPES } from '@tablo/contract/menu';
import type { OrderChoice } from '@tablo/contract/menu-options';
import { ORDER_STATUSES } from '@tablo/contract/order';
import {
  PRINT_JOB_KINDS,
  PRINT_JOB_STATES,
  PRINTER_COMMAND_SETS,
  type PrintTrigger,
} from '@tablo/contract/printing';
import { RATING_VALUES } from '@tablo/contract/rating';
import { REFUND_STATUSES } from '@tablo/contract/refund';
import { STAFF_ROLES } from '@tablo/contract/staff';
import { TABLE_CALL_KINDS } from '@tablo/contract/table-call';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// DESIGN §4. Money is integer amounts in the currency's smallest unit in use (whole forints for HUF).

// The enums are the contract's own lists, so the database and the API can never disagree.
export const availabilityType = pgEnum('availability_type', AVAILABILITY_TYPES);
export const allergenType = pgEnum('allergen_type', ALLERGEN_TYPES);
export const ratingValue = pgEnum('rating_value', RATING_VALUES);
export const orderStatus = pgEnum('order_status', ORDER_STATUSES);
export const paymentMethod = pgEnum('payment_method', ['CASH', 'CARD', 'ONLINE']);
export const paymentStatus = pgEnum('payment_status', ['PENDING', 'SUCCEEDED', 'FAILED', 'CANCELLED']);
/**
 * What became of money the provider took for a payment we had ended already (docs/decisions/052): its
 * units were still free and it paid them (ACCEPTED), or it is being given back (REFUNDING) / was (REFUNDED).
 */
export const paymentLateOutcome = pgEnum('payment_late_outcome', ['ACCEPTED', 'REFUNDING', 'REFUNDED']);
export const billSplitStatus = pgEnum('bill_split_status', ['OPEN', 'PAID', 'CANCELLED']);
export const refundStatus = pgEnum('refund_status', REFUND_STATUSES);
export const staffRole = pgEnum('staff_role', STAFF_ROLES);
export const tableCallKind = pgEnum('table_call_kind', TABLE_CALL_KINDS);
export const optionGroupKind = pgEnum('option_group_kind', OPTION_GROUP_KINDS);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const restaurant = pgTable(
  'restaurant',
  {
    id: serial('id').primaryKey(),
    shortName: text('short_name').notNull().unique(),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    descriptionHu: text('description_hu').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    isEnabled: boolean('is_enabled').notNull().default(true),
    isOrderingEnabled: boolean('is_ordering_enabled').notNull().default(true),
    currency: text('currency').notNull().default('HUF'),
    paymentMethods: paymentMethod('payment_methods').array().notNull().default(sql`'{CASH,CARD}'`),
    requireTableToken: boolean('require_table_token').notNull().default(true),
    /** Shown on the diner pages as a `tel:` link ("Phone number"); CLI `set-contact`. */
    phone: text('phone'),
    /** "Reserve a table" links here (http or https); CLI `set-contact`. */
    reservationUrl: text('reservation_url'),
    /** Printed on payment receipts (issue 24 §15); null → left out. CLI `set-contact --address`. */
    address: text('address'),
    /** The restaurant's tax number, printed on payment receipts; null → left out. CLI `set-contact --tax-number`. */
    taxNumber: text('tax_number'),
    /** IANA time zone of the restaurant: receipts (and later hours and business days) read the clock in it. */
    timeZone: text('time_zone').notNull().default('Europe/Budapest'),
    /** The hour a business day begins in the restaurant's zone: orders after midnight count to the evening before. */
    businessDayCutoffHour: integer('business_day_cutoff_hour').notNull().default(4),
    /** Issue 28: when an order's kitchen tickets print, ACCEPTED (by staff) or PLACED (by the diner). */
    printTrigger: text('print_trigger').$type<PrintTrigger>().notNull().default('ACCEPTED'),
    /** Grows on each save of the settings screen: a save made from an older version answers 409 (decision 061). */
    settingsVersion: integer('settings_version').notNull().default(1),
    /** When the QR sheet was first downloaded, or the owner ticked "QR codes" done (the setup checklist). */
    qrCodesDoneAt: timestamp('qr_codes_done_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('restaurant_business_day_cutoff_hour', sql`${t.businessDayCutoffHour} between 0 and 23`),
    check('restaurant_print_trigger', sql`${t.printTrigger} in ('ACCEPTED', 'PLACED')`),
  ],
);

export const diningTable = pgTable(
  'dining_table',
  {
    /** The number in the URL (spec §2: the route's table is matched against table ids). */
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurant.id, { onDelete: 'cascade' }),
    /** The number shown to diners (spec §3 `tableId`). */
    tableNumber: integer('table_number').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** 128-bit random, hex; rotatable by staff. */
    qrToken: text('qr_token').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('dining_table_restaurant_number_uq').on(t.restaurantId, t.tableNumber)],
);

export const vatKey = pgTable(
  'vat_key',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurant.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    valuePercent: numeric('value_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('vat_key_restaurant_code_uq').on(t.restaurantId, t.code)],
);

export const menuCategory = pgTable(
  'menu_category',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurant.id, { onDelete: 'cascade' }),
    /** Stable key from the menu file; re-imports update in place. */
    ref: text('ref').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [uniqueIndex('menu_category_restaurant_ref_uq').on(t.restaurantId, t.ref)],
);

export const menuCategoryTranslation = pgTable(
  'menu_category_translation',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => menuCategory.id, { onDelete: 'cascade' }),
    isoCode: text('iso_code').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('menu_category_translation_uq').on(t.categoryId, t.isoCode)],
);

export const menuItem = pgTable(
  'menu_item',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurant.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => menuCategory.id, { onDelete: 'cascade' }),
    ref: text('ref').notNull(),
    priceGross: integer('price_gross').notNull(),
    vatKeyId: integer('vat_key_id')
      .notNull()
      .references(() => vatKey.id),
    isActive: boolean('is_active').notNull().default(true),
    imageUrl: text('image_url'),
    availabilityType: availabilityType('availability_type').notNull().default('AVAILABLE'),
    sortOrder: integer('sort_order').notNull(),
    /** Counts from before this installation (imported); live ratings are added on top. */
    baseLikeCount: integer('base_like_count').notNull().default(0),
    baseDislikeCount: integer('base_dislike_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('menu_item_restaurant_ref_uq').on(t.restaurantId, t.ref),
    index('menu_item_category_idx').on(t.categoryId),
    check('menu_item_price_nonnegative', sql`${t.priceGross} >= 0`),
  ],
);

export const menuItemTranslation = pgTable(
  'menu_item_translation',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => menuItem.id, { onDelete: 'cascade' }),
    isoCode: text('iso_code').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('menu_item_translation_uq').on(t.itemId, t.isoCode)],
);

export const menuItemAllergen = pgTable(
  'menu_item_allergen',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => menuItem.id, { onDelete: 'cascade' }),
    type: allergenType('type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.type] })],
);

/**
 * Choices on dishes (docs/decisions/067): an option group belongs to the restaurant and is reused by every
 * item that lists it (`menu_item_option_group`). The rule for choosing and pricing is contract/src/choices.ts.
 */
export const menuOptionGroup = pgTable(
  'menu_option_group',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurant.id, { onDelete: 'cascade' }),
    /** Stable key from the menu file; re-imports update in place. */
    ref: text('ref').notNull(),
    kind: optionGroupKind('kind').notNull(),
    minChoices: integer('min_choices').notNull().default(0),
    maxChoices: integer('max_choices').notNull(),
    freeChoices: integer('free_choices').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [
    uniqueIndex('menu_option_group_restaurant_ref_uq').on(t.restaurantId, t.ref),
    check(
      'menu_option_group_counts',
      sql`${t.minChoices} >= 0 and ${t.maxChoices} >= 1 and ${t.minChoices} <= ${t.maxChoices} and ${t.freeChoices} >= 0 and ${t.freeChoices} <= ${t.maxChoices}`,
    ),
  ],
);

export const menuOptionGroupTranslation = pgTable(
  'menu_option_group_translation',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => menuOptionGroup.id, { onDelete: 'cascade' }),
    isoCode: text('iso_code').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('menu_option_group_translation_uq').on(t.groupId, t.isoCode)],
);

export const menuOption = pgTable(
  'menu_option',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => menuOptionGroup.id, { onDelete: 'cascade' }),
    /** Stable key from the menu file, unique within its group. */
    ref: text('ref').notNull(),
    priceDelta: integer('price_delta').notNull().default(0),
    availabilityType: availabilityType('availability_type').notNull().default('AVAILABLE'),
    isDefault: boolean('is_default').notNull().default(false),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [
    uniqueIndex('menu_option_group_ref_uq').on(t.groupId, t.ref),
    check('menu_option_price_delta_nonnegative', sql`${t.priceDelta} >= 0`),
  ],
);

export const menuOptionTranslation = pgTable(
  'menu_option_translation',
  {
    id: serial('id').primaryKey(),
    optionId: integer('option_id')
      .notNull()
      .references(() => menuOption.id, { onDelete: 'cascade' }),
    isoCode: text('iso_code').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('menu_option_translation_uq').on(t.optionId, t.isoCode)],
);

export const menuOptionAllergen = pgTable(
  'menu_option_allergen',
  {
    optionId: integer('option_id')
      .notNull()
      .references(() => menuOption.id, { onDelete: 'cascade' }),
    type: allergenType('type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.optionId, t.type] })],
);

/** The groups an item offers, in its order. */
export const menuItemOptionGroup = pgTable(
  'menu_item_option_group',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => menuItem.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => menuOptionGroup.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.groupId] }),
    index('menu_item_option_group_group_idx').on(t.groupId),
  ],
);

export const dinerSession = pgTable('diner_session', {
  id: uuid('id').primaryKey(),
  createdAt: createdAt(),
  lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
});

export const menuItemRating = pgTable(
  'menu_item_rating',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => menuItem.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => dinerSession.id, { onDelete: 'cascade' }),
    value: ratingValue('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.sessionId] }),
    index('menu_item_rating_session_idx').on(t.sessionId),
  ],
);

export const tableVisit = pgTable(
  'table_visit',
  {
    id: serial('id').primaryKey(),
    tableId: integer('table_id')
      .notNull()
      .references(() => diningTable.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  // At most one open visit per table.
  (t) => [uniqueIndex('table_visit_one_open_uq').on(t.tableId).where(sql`${t.closedAt} is null`)],
);

/** A diner session that joined a visit with a valid table token. */
export const visitSession = pgTable(
  'visit_session',
  {
    visitId: integer('visit_id')
      .notNull()
      .references(() => tableVisit.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => dinerSession.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.visitId, t.sessionId] }),
    index('visit_session_session_idx').on(t.sessionId),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => tableVisit.id),
    /**
     * The visit's table's restaurant, copied when the order is placed (a table never changes restaurant):
     * a restaurant's orders of a range are read by one index, not through every visit of every restaurant.
     * No foreign key: it would share-lock the restaurant's one row with every order of every table
     * (docs/decisions/078).
     */
    restaurantId: integer('restaurant_id').notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => dinerSession.id),
    status: orderStatus('status').notNull().default('PLACED'),
    note: text('note').notNull().default(''),
    total: integer('total').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Hash of the request body, to tell a replay from a different body under the same key. */
    requestHash: text('request_hash').notNull(),
    rejectReason: text('reject_reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_session_idempotency_uq').on(t.sessionId, t.idempotencyKey),
    index('orders_visit_idx').on(t.visitId),
    // Issue 28, the day's figures: a restaurant's orders of a range of business days.
    index('orders_restaurant_created_idx').on(t.restaurantId, t.createdAt),
    check('orders_total_nonnegative', sql`${t.total} >= 0`),
  ],
);

export const orderItem = pgTable(
  'order_item',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    menuItemId: integer('menu_item_id')
      .notNull()
      .references(() => menuItem.id),
    /** Snapshot of the item's translations when ordered: [{ isoCode, title }]. */
    titles: jsonb('titles').$type<{ isoCode: string; title: string }[]>().notNull(),
    unitPrice: integer('unit_price').notNull(),
    vatPercent: numeric('vat_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    paidQuantity: integer('paid_quantity').notNull().default(0),
    note: text('note').notNull().default(''),
    /** Issue 27: the chosen options as they were when ordered (names, prices, allergens). */
    choices: jsonb('choices').$type<OrderChoice[]>().notNull().default([]),
  },
  (t) => [
    index('order_item_order_idx').on(t.orderId),
    check('order_item_quantity_positive', sql`${t.quantity} > 0`),
    check('order_item_paid_within', sql`${t.paidQuantity} >= 0 and ${t.paidQuantity} <= ${t.quantity}`),
  ],
);

/**
 * "Divide equally" (docs/decisions/019-payments.md): the free units of the visit when it started, fixed
 * as `amount` in `shares` equal shares. At most one OPEN split per visit.
 */
export const billSplit = pgTable(
  'bill_split',
  {
    id: serial('id').primaryKey(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => tableVisit.id),
    shares: integer('shares').notNull(),
    amount: integer('amount').notNull(),
    status: billSplitStatus('status').notNull().default('OPEN'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bill_split_one_open_uq').on(t.visitId).where(sql`${t.status} = 'OPEN'`),
    check('bill_split_shares_amount', sql`${t.shares} >= 2 and ${t.amount} >= 0`),
  ],
);

/** Units of an order line claimed by a split: reserved while it is OPEN, paid when its last share is. */
export const billSplitItem = pgTable(
  'bill_split_item',
  {
    splitId: integer('split_id')
      .notNull()
      .references(() => billSplit.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItem.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.splitId, t.orderItemId] }),
    index('bill_split_item_order_item_idx').on(t.orderItemId),
    check('bill_split_item_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const payment = pgTable(
  'payment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitId: integer('visit_id')
      .notNull()
      .references(() => tableVisit.id),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => dinerSession.id),
    method: paymentMethod('method').notNull(),
    status: paymentStatus('status').notNull().default('PENDING'),
    amount: integer('amount').notNull(),
    tip: integer('tip').notNull().default(0),
    provider: text('provider'),
    providerReference: text('provider_reference'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The equal split whose shares this payment buys (docs/decisions/019-payments.md). */
    splitId: integer('split_id').references(() => billSplit.id),
    /** Shares of the split bought, and their amount (a part of `amount`; the rest is the items'). */
    shareCount: integer('share_count').notNull().default(0),
    shareAmount: integer('share_amount').notNull().default(0),
    /** Where an ONLINE payment is completed (the provider's hosted page). */
    checkoutUrl: text('checkout_url'),
    /** A PENDING payment's reservation lapses then (the sweeper fails it). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * When the provider's checkout was known to be over (expired, or its outcome recorded); null while
     * something may still happen at the provider — what the reconciler looks at (docs/decisions/052).
     */
    checkoutClosedAt: timestamp('checkout_closed_at', { withTimezone: true }),
    /** The reconciler's last look at the provider (instances take turns by it). */
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
    /** A success that arrived after we had ended the payment: what was done with the money. */
    lateOutcome: paymentLateOutcome('late_outcome'),
    /** The provider's refund of that money (Stripe's re_…). */
    refundReference: text('refund_reference'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_session_idempotency_uq').on(t.sessionId, t.idempotencyKey),
    index('payment_checkout_open_idx')
      .on(t.reconciledAt)
      .where(sql`${t.checkoutClosedAt} is null and ${t.providerReference} is not null`),
    index('payment_visit_idx').on(t.visitId),
    // Issue 28, the day's figures: a business day's payments by the moment they succeeded.
    index('payment_paid_at_idx').on(t.paidAt).where(sql`${t.status} = 'SUCCEEDED'`),
    index('payment_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'PENDING'`),
    uniqueIndex('payment_provider_reference_uq').on(t.provider, t.providerReference),
    check('payment_amounts_nonnegative', sql`${t.amount} >= 0 and ${t.tip} >= 0`),
    check(
      'payment_shares_within',
      sql`${t.shareCount} >= 0 and ${t.shareAmount} >= 0 and ${t.shareAmount} <= ${t.amount}`,
    ),
  ],
);

export const paymentItem = pgTable(
  'payment_item',
  {
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payment.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItem.id),
    quantity: integer('quantity').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.paymentId, t.orderItemId] }),
    index('payment_item_order_item_idx').on(t.orderItemId),
    check('payment_item_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * Money given back of a SUCCEEDED payment (docs/decisions/053). Refunds that are not FAILED never add up
 * to more than the payment's amount + tip: every writer holds the payment's row lock.
 */
export const refund = pgTable(
  'refund',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payment.id),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    /** The payment's method: ONLINE through the provider, CASH and CARD handed back (recorded). */
    method: paymentMethod('method').notNull(),
    status: refundStatus('status').notNull().default('PENDING'),
    /** Who refunded; the row outlives the account. */
    staffUserId: integer('staff_user_id').references(() => staffUser.id, { onDelete: 'set null' }),
    /** The provider's id of the refund (Stripe's re_…); null for cash and card. */
    providerReference: text('provider_reference'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the money went back (SUCCEEDED): what the day's figures count by. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refund_staff_idempotency_uq').on(t.staffUserId, t.idempotencyKey),
    index('refund_payment_idx').on(t.paymentId),
    index('refund_refunded_at_idx').on(t.refundedAt),
    check('refund_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** The replayable per-table event log; the id is the websocket cursor (DESIGN §6). */
export const tableEvent = pgTable(
  'table_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tableId: integer('table_id')
      .notNull()
      .references(() => diningTable.id, { onDelete: 'cascade' }),
    visitId: integer('visit_id').references(() => tableVisit.id),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('table_event_table_idx').on(t.tableId, t.id)],
);

export const staffUser = pgTable(
  'staff_user',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurant.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: staffRole('role').notNull().default('WAITER'),
    /** Set when the account is disabled: it can't log in and its sessions are ended. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Set when the address was proven by a mailed link (sign-up confirmation or invitation). */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** The language its mails are written in (the one it signed up or was invited in). */
    language: text('language').notNull().default('hu'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_user_email_uq').on(sql`lower(${t.email})`)],
);

export const staffSession = pgTable(
  'staff_session',
  {
    /** SHA-256 of the cookie's random token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    staffUserId: integer('staff_user_id')
      .notNull()
      .references(() => staffUser.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_session_user_idx').on(t.staffUserId)],
);

/** Table calls (the specification's signals): one row per visit and kind; a new call replaces the old. */
export const tableCall = pgTable(
  'table_call',
  {
    id: serial('id').primaryKey(),
    tableId: integer('table_id')
      .notNull()
      .references(() => diningTable.id, { onDelete: 'cascade' }),
    visitId: integer('visit_id')
      .notNull()
      .references(() => tableVisit.id, { onDelete: 'cascade' }),
    kind: tableCallKind('kind').notNull(),
    sessionId: uuid('session_id').references(() => dinerSession.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => staffUser.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('table_call_visit_kind_uq').on(t.visitId, t.kind)],
);

/**
 * Consecutive failed staff log-ins per e-mail address (lower case), shared by every instance: after
 * five, the address is blocked for a doubling time (docs/decisions/015-staff-console-server.md).
 */
export const staffLoginFailure = pgTable('staff_login_failure', {
  emailKey: text('email_key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Abuse-limit counters shared by every instance (plugins/rate-limit.ts, docs/decisions/028-abuse-limits.md):
 * one row per limited subject (`limit name|client address` or `limit name|diner session`), counting the
 * requests of the window that ends at `window_end`. Rows of ended windows are swept.
 */
// UNLOGGED in the migration: no WAL for a counter (a crash forgets the counts, which only restarts the windows).
// No index beside the key, so that counting is a HOT update; the sweeper's scan is cheap on a small table.
export const rateLimitCounter = pgTable('rate_limit_counter', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
});

export const accountTokenKind = pgEnum('account_token_kind', [
  'CONFIRM_EMAIL',
  'RESET_PASSWORD',
  'INVITATION',
]);

/**
 * The one-time links mailed to restaurant staff (docs/decisions/058): confirm an e-mail address, reset a
 * password, accept an invitation. Only the SHA-256 of the link's random token is stored; a link works once
 * (`used_at`) and until `expires_at`. An invitation has no account yet: it carries the address and role.
 */
export const accountToken = pgTable(
  'account_token',
  {
    id: serial('id').primaryKey(),
    kind: accountTokenKind('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurant.id, { onDelete: 'cascade' }),
    /** The account it is for; null for an invitation until it is accepted. */
    staffUserId: integer('staff_user_id').references(() => staffUser.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The role an invitation gives. */
    role: staffRole('role'),
    language: text('language').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('account_token_restaurant_idx').on(t.restaurantId, t.kind),
    index('account_token_staff_user_idx').on(t.staffUserId),
  ],
);

/**
 * The menu editor's draft (docs/decisions/062-menu-editor.md): one per restaurant, a menu file
 * (`contract/src/menu-import.ts`), or null while the draft is the live menu as it is. `version` rises with
 * every change; `changedAt` holds, per category (`c:<ref>`) and item (`i:<ref>`), the version that last
 * changed it, and `resetAt` the version of the last wholesale change (discard, publish, import, restore):
 * a save based on an older version than either answers 409.
 */
export const menuDraft = pgTable('menu_draft', {
  restaurantId: integer('restaurant_id')
    .primaryKey()
    .references(() => restaurant.id, { onDelete: 'cascade' }),
  document: jsonb('document').$type<unknown>(),
  version: integer('version').notNull().default(0),
  resetAt: integer('reset_at').notNull().default(0),
  changedAt: jsonb('changed_at').$type<Record<string, number>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every menu published from the editor, as the menu file it was: restoring one publishes it again. */
export const menuVersion = pgTable(
  'menu_version',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurant.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    document: jsonb('document').$type<unknown>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    /** The e-mail of who published it (kept as text: accounts may be removed, the history stays). */
    publishedBy: text('published_by'),
    restoredFrom: integer('restored_from'),
  },
  (t) => [uniqueIndex('menu_version_restaurant_number_uq').on(t.restaurantId, t.number)],
);

/** Raw bytes (bytea): PGlite hands back a Uint8Array, node-postgres a Buffer (a Uint8Array too). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * An uploaded picture and each of its resized copies, by the path it is served at under /images/
 * (`uploads/hero/<random>.webp`, `variants/uploads/hero/<random>-480w.webp`). The bytes live in the database so
 * that every instance serves them (docs/decisions/061); a path never changes its bytes (cached for a year).
 */
export const pictureFile = pgTable('picture_file', {
  path: text('path').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

// Issue 28, opening hours (docs/decisions/074-opening-hours.md): no span at all = no hours set = always open.

/** The opening hours' save counter, per restaurant (a save from an older version answers 409). */
export const openingHours = pgTable('opening_hours', {
  restaurantId: integer('restaurant_id')
    .primaryKey()
    .references(() => restaurant.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
});

/**
 * One span of a weekday's hours, in minutes since the restaurant's local midnight. `closes` not after `opens`
 * runs past midnight and belongs to the weekday it opens (Friday 18:00–02:00 is Friday's).
 */
export const openingSpan = pgTable(
  'opening_span',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurant.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    opens: integer('opens').notNull(),
    closes: integer('closes').notNull(),
  },
  (t) => [
    index('opening_span_restaurant_idx').on(t.restaurantId),
    check('opening_span_weekday', sql`${t.weekday} between 1 and 7`),
    check('opening_span_minutes', sql`${t.opens} between 0 and 1439 and ${t.closes} between 0 and 1439`),
    check('opening_span_not_empty', sql`${t.opens} <> ${t.closes}`),
  ],
);

/** A date on which the restaurant's spans that open on it do not open (a holiday, a private event). */
export const closedDay = pgTable(
  'closed_day',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurant.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    note: text('note').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.date] })],
);

// Issue 28 — kitchen tickets (modules/printing, docs/decisions/072-kitchen-tickets-exactly-once.md).
export const printerCommandSet = pgEnum('printer_command_set', PRINTER_COMMAND_SETS);
export const printJobKind = pgEnum('print_job_kind', PRINT_JOB_KINDS);
export const printJobState = pgEnum('print_job_state', PRINT_JOB_STATES);

/** A receipt printer on the restaurant's network: a station printing the lines of its categories. */
export const printer = pgTable(
  'printer',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurant.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    host: text('host').notNull(),
    port: integer('port').notNull(),
    commandSet: printerCommandSet('command_set').notNull().default('ESC_POS'),
    paperWidth: integer('paper_width').notNull().default(80),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** Health as last seen by a worker: null until first tried. */
    online: boolean('online'),
    lastError: text('last_error'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** A deleted printer stays as a row: its jobs keep their history (and failed, never printed). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('printer_restaurant_idx').on(t.restaurantId),
    check('printer_paper_width', sql`${t.paperWidth} in (58, 80)`),
    check('printer_port', sql`${t.port} between 1 and 65535`),
  ],
);

/** Which menu categories a station prints (a category may go to several stations). */
export const printerCategory = pgTable(
  'printer_category',
  {
    printerId: integer('printer_id')
      .notNull()
      .references(() => printer.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => menuCategory.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.printerId, t.categoryId] }),
    index('printer_category_category_idx').on(t.categoryId),
  ],
);

/** What a ticket says, frozen when the job is made (a later menu edit never changes a waiting ticket). */
export interface StoredTicket {
  restaurantName: string;
  stationName: string;
  /** null for a test ticket. */
  orderId: number | null;
  tableNumber: number | null;
  /** The order's time on the restaurant's wall clock, `YYYY-MM-DD HH:MM`. */
  orderedAt: string;
  /** When this job was made, on the same clock (REPRINT and VOID show it). */
  madeAt: string;
  note: string;
  lines: { quantity: number; title: string; choices: string[]; note: string }[];
}

/**
 * One ticket for one printer: waiting → printed, or failed (it can never print). One ORDER and one VOID
 * job per order and printer (the partial unique index), so enqueueing twice enqueues once.
 */
export const printJob = pgTable(
  'print_job',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurant.id, { onDelete: 'cascade' }),
    printerId: integer('printer_id')
      .notNull()
      .references(() => printer.id, { onDelete: 'cascade' }),
    /** null: a test ticket. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    kind: printJobKind('kind').notNull(),
    state: printJobState('state').notNull().default('WAITING'),
    ticket: jsonb('ticket').$type<StoredTicket>().notNull(),
    /** Tries that reached the printer or were refused by it. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set (committed) just before the bytes are written: from then on the ticket may be on paper. */
    sendingAt: timestamp('sending_at', { withTimezone: true }),
    printedAt: timestamp('printed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('print_job_once_uq')
      .on(t.orderId, t.printerId, t.kind)
      .where(sql`${t.kind} in ('ORDER', 'VOID')`),
    index('print_job_waiting_idx').on(t.printerId, t.id).where(sql`${t.state} = 'WAITING'`),
    index('print_job_order_idx').on(t.orderId),
  ],
);

// Issue 28, time-based menus and "sold out for today" (docs/decisions/075).

/**
 * A window in which a category or an item is offered, on the restaurant's wall clock: on each of
 * `weekdays` (ISO 1–7, the day the window starts) from `start_minute` until `end_minute`; an end before the
 * start crosses midnight. A category or item without windows is always offered.
 */
export const menuWindow = pgTable(
  'menu_window',
  {
    id: serial('id').primaryKey(),
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurant.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').references(() => menuCategory.id, { onDelete: 'cascade' }),
    menuItemId: integer('menu_item_id').references(() => menuItem.id, { onDelete: 'cascade' }),
    weekdays: integer('weekdays').array().notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [
    index('menu_window_restaurant_idx').on(t.restaurantId),
    check('menu_window_one_target', sql`(${t.categoryId} is null) <> (${t.menuItemId} is null)`),
    check(
      'menu_window_minutes',
      sql`${t.startMinute} between 0 and 1439 and ${t.endMinute} between 0 and 1439 and ${t.startMinute} <> ${t.endMinute}`,
    ),
  ],
);

/**
 * An item marked "sold out for today": it is SOLD_OUT until `until` (the end of the restaurant's business
 * day), when the boundary timer makes it available again. Marking it available or plain sold out drops the
 * row.
 */
export const menuItemSoldOutUntil = pgTable('menu_item_sold_out_until', {
  menuItemId: integer('menu_item_id')
    .primaryKey()
    .references(() => menuItem.id, { onDelete: 'cascade' }),
  until: timestamp('until', { withTimezone: true }).notNull(),
});

/**
 * A menu boundary (a window opening or closing, a "sold out for today" ending) that one instance has
 * announced: every instance's timer reaches it, the one whose insert succeeds tells the open tables and the
 * other instances (docs/decisions/075). Rows older than two days are dropped as new ones come.
 */
export const menuBoundaryNotice = pgTable(
  'menu_boundary_notice',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurant.id, { onDelete: 'cascade' }),
    boundaryAt: timestamp('boundary_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.restaurantId, t.boundaryAt] })],
);
