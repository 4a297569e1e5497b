import { numeric } from 'drizzle-orm/pg-core';

/** Money is numeric(18,2), never a float (DESIGN §7). */
export const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
