import { type SQL, sql } from 'drizzle-orm';
import { pgView, text, uuid } from 'drizzle-orm/pg-core';

/**
 * The users area's published read view (docs/architecture.md "Modules own their tables"): who a
 * person is — name, role, status, base type, consultant, picture, extra permissions — never
 * credentials or contact details. Every module may join `people`; only the users module touches
 * `users`. A plain view: PostgreSQL inlines it, so a join costs what a join on `users` costs.
 * Created by migration 0005.
 */
export const people = pgView('people', {
  publicKey: uuid('public_key').notNull(),
  fullName: text('full_name').notNull(),
  role: text('role').notNull(),
  status: text('status').notNull(),
  baseType: text('base_type'),
  consultantKey: uuid('consultant_key'),
  imageUrl: text('image_url'),
  extraPermissions: text('extra_permissions').array().notNull(),
}).existing();

/**
 * A person's name by key, as a scalar subquery: for names shown beside a page's rows (who confirmed,
 * who reversed). Each is planned on its own; four more left joins made PostgreSQL spend 3.6 ms
 * choosing a join order for a 2.5 ms deposits page (0.8 ms this way).
 */
export const nameOf = (key: SQL) => sql`(select full_name from ${people} where public_key = ${key})`;
