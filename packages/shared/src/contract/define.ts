import type { z } from 'zod';
import type { Permission } from '../permissions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint: `public` needs only a valid signature, `signedIn` any live session,
 * a permission name that permission (role map plus the user's extra permissions).
 */
export type Access = 'public' | 'signedIn' | Permission;

/** A filterable/sortable column of a POST list, as the browser names it. */
export interface ListColumn {
  type: 'text' | 'number' | 'boolean' | 'time' | 'enum';
  sortable?: boolean;
}

export interface Endpoint<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  /** `area.action`, unique across the contract. */
  name: string;
  method: HttpMethod;
  /** Canonical path under /api/v1/, `controller/action` style; `:param` for path parameters. */
  path: string;
  /** Other spellings the spec gives (served too, and in the API docs as the same operation); some use another method. */
  aliases?: readonly (string | { method: HttpMethod; path: string })[];
  query?: Q;
  body?: B;
  params?: P;
  response: R;
  access: Access;
  /** Allowed where/order columns for a POST list endpoint. */
  listColumns?: Readonly<Record<string, ListColumn>>;
  summary: string;
  /** Answers without the signature headers (health, the browser's start-up config). */
  unsigned?: boolean;
}

/**
 * An endpoint's address, access and description without its schemas: all a call needs at run
 * time, so the sign-in page can call its few endpoints without loading Zod (issue 9). The area's
 * contract entry spreads its route and adds the schemas, so neither is written twice.
 */
export type EndpointRoute = Omit<Endpoint, 'query' | 'body' | 'params' | 'response' | 'listColumns'>;

export function defineEndpoint<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
>(endpoint: Endpoint<Q, B, P, R>): Endpoint<Q, B, P, R> {
  return endpoint;
}

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
type InferIn<T> = T extends z.ZodType ? z.input<T> : undefined;

export type EndpointQuery<E> = E extends Endpoint<infer Q, z.ZodType | undefined, z.ZodType | undefined, z.ZodType> ? Infer<Q> : never;
export type EndpointBody<E> = E extends Endpoint<z.ZodType | undefined, infer B, z.ZodType | undefined, z.ZodType> ? Infer<B> : never;
export type EndpointParams<E> = E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer P, z.ZodType> ? Infer<P> : never;
export type EndpointResponse<E> = E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.output<R> : never;

/** What a caller passes: only the parts the endpoint declares. */
export type EndpointInput<E> = E extends Endpoint<infer Q, infer B, infer P, z.ZodType>
  ? (Q extends z.ZodType ? { query: InferIn<Q> } : { query?: undefined }) &
      (B extends z.ZodType ? { body: InferIn<B> } : { body?: undefined }) &
      (P extends z.ZodType ? { params: InferIn<P> } : { params?: undefined })
  : never;
