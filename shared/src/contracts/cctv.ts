// CCTV monitor layouts: named camera grids saved on the hub, one list per user (nobody else sees or edits
// them). A cell holds a camera id or null (empty); a layout naming a camera its owner can no longer read
// comes back with that cell empty, so a revoked site never leaks a camera's name or id.
import Type, { type Static } from 'typebox';
import { errorReplies, NoContent, Nullable, NumericIdParams, routes } from './common.ts';

/** The grid sizes the monitor offers: 1×1, 2×2, 3×3, 4×4. */
export const cctvGridSizes = [1, 4, 9, 16] as const;
export type CctvGridSize = (typeof cctvGridSizes)[number];

export const CCTV_LIMITS = { name: 60, layouts: 100 } as const;

const GridSize = Type.Unsafe<CctvGridSize>({ type: 'integer', enum: [...cctvGridSizes] });
/** One cell per tile, in reading order: exactly `size` of them (checked by the hub: a 400 otherwise). */
const Cells = Type.Array(Nullable(Type.String({ minLength: 1, maxLength: 64 })), { minItems: 1, maxItems: 16 });

export const CctvLayout = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  size: GridSize,
  cells: Type.Array(Nullable(Type.String())),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});

export const CctvLayoutBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: CCTV_LIMITS.name }),
    size: GridSize,
    cells: Cells,
  },
  { additionalProperties: false },
);

export const cctvContracts = routes({
  /** The caller's own layouts, by name. */
  'GET /api/cctv/layouts': { response: { 200: Type.Array(CctvLayout), ...errorReplies } },
  'GET /api/cctv/layouts/:id': { params: NumericIdParams, response: { 200: CctvLayout, ...errorReplies } },
  /** 409 `cctvLayoutTaken` when the caller already has a layout of that name (case-insensitive). */
  'POST /api/cctv/layouts': { body: CctvLayoutBody, response: { 201: CctvLayout, ...errorReplies } },
  'PUT /api/cctv/layouts/:id': {
    params: NumericIdParams,
    body: CctvLayoutBody,
    response: { 200: CctvLayout, ...errorReplies },
  },
  'DELETE /api/cctv/layouts/:id': { params: NumericIdParams, response: { 204: NoContent, ...errorReplies } },
});

export type CctvLayout = Static<typeof CctvLayout>;
export type CctvLayoutBody = Static<typeof CctvLayoutBody>;
