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
