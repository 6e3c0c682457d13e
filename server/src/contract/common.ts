// Wire types shared by every module: list paging and list answers (api.md § Conventions).
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** `skip`/`limit` of every list; `limit` is capped at 100, out-of-range values are a 422. */
export const Pagination = Type.Object({
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 100 })),
});
export type Pagination = Static<typeof Pagination>;

/** `{data, count}` where count is the total before skip/limit. */
export const ListOf = <T extends TSchema>(item: T) =>
  Type.Object({ data: Type.Array(item), count: Type.Integer({ minimum: 0 }) });
