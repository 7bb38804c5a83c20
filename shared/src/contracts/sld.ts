// Single-line diagrams: a site's diagram as it stands (the newest saved version, or the one generated
// from its device tree while nobody has saved one), its versions, saving a new version (admins: `update`
// on `Diagram`), restoring an old one (a new version with its content: history is never rewritten). Read
// with `read` on `Diagram` for the site (operators every site, clients and displays theirs).
// And the simulator's fault switch, so that an outage can be shown on demand (trainers, tests, demos).
import Type from 'typebox';
import { errorCodes } from '../errors.ts';
import { type Diagram as DiagramType, rotations, SLD_LIMITS, symbolKinds } from '../sld/model.ts';
import { sldIssueCodes } from '../sld/validate.ts';
import { errorReplies, Nullable, OneOf, routes } from './common.ts';

const Cell = Type.Number({ minimum: -SLD_LIMITS.extent, maximum: SLD_LIMITS.extent });
const ItemId = Type.String({ minLength: 1, maxLength: 140 });
const Terminal = Type.Object(
  { symbol: ItemId, terminal: Type.String({ minLength: 1, maxLength: 16 }) },
  { additionalProperties: false },
);

export const SldSymbol = Type.Object(
  {
    id: ItemId,
    kind: OneOf(symbolKinds),
    x: Cell,
    y: Cell,
    rotation: Type.Unsafe<(typeof rotations)[number]>({ type: 'integer', enum: [...rotations] }),
    deviceId: Nullable(Type.String({ minLength: 1, maxLength: 140 })),
    label: Nullable(Type.String({ maxLength: SLD_LIMITS.label })),
    show: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: SLD_LIMITS.show }),
    length: Type.Optional(Type.Integer({ minimum: 1, maximum: SLD_LIMITS.busbarLength.max })),
  },
  { additionalProperties: false },
);

export const Diagram = Type.Unsafe<DiagramType>(
  Type.Object(
    {
      schema: Type.Literal(1),
      symbols: Type.Array(SldSymbol, { maxItems: SLD_LIMITS.symbols }),
      connections: Type.Array(
        Type.Object(
          {
            id: ItemId,
            from: Terminal,
            to: Terminal,
            via: Type.Array(Type.Tuple([Cell, Cell]), { maxItems: 50 }),
          },
          { additionalProperties: false },
        ),
        { maxItems: SLD_LIMITS.connections },
      ),
      texts: Type.Array(
        Type.Object(
          {
            id: ItemId,
            x: Cell,
            y: Cell,
            text: Type.String({ minLength: 1, maxLength: SLD_LIMITS.text }),
            size: OneOf(['small', 'normal', 'large'] as const),
          },
          { additionalProperties: false },
        ),
        { maxItems: SLD_LIMITS.texts },
      ),
    },
    { additionalProperties: false },
  ),
);

const Author = Type.Object({ id: Nullable(Type.Integer()), name: Type.String() });

/** A site's diagram as the page reads it. */
export const SldView = Type.Object({
  siteId: Type.String(),
  diagram: Diagram,
  /** The saved version shown; null for the generated diagram (no version saved yet). */
  version: Nullable(Type.Integer()),
  /** Drawn from the device tree (no saved version). */
  generated: Type.Boolean(),
  savedAt: Nullable(Type.Integer()),
  savedBy: Nullable(Author),
  /** What the author wrote about the change (may be empty). */
  note: Type.String(),
});

/** One saved version in the list (without its diagram). */
export const SldVersion = Type.Object({
  version: Type.Integer(),
  savedAt: Type.Integer(),
  savedBy: Author,
  note: Type.String(),
  symbols: Type.Integer(),
  /** A restore: the version whose content it brought back. */
  restoredFrom: Nullable(Type.Integer()),
});

export const SldIssue = Type.Object({
  code: OneOf(sldIssueCodes),
  params: Type.Record(Type.String(), Type.String()),
});

/** 422 from saving: what is wrong, each issue with its code (worded by the client) and the English message. */
export const SldRefusal = Type.Object({
  code: OneOf(errorCodes),
  message: Type.String(),
  issues: Type.Array(SldIssue),
});

const SiteParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
const VersionParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  version: Type.Integer({ minimum: 1 }),
});

export const simulatorFaults = ['gridOutage', 'doorForced'] as const;

export const sldContracts = routes({
  'GET /api/sites/:id/sld': { params: SiteParams, response: { 200: SldView, ...errorReplies } },
  /** The diagram drawn from the site's device tree as it is now (the editor's "start again from the devices"). */
  'GET /api/sites/:id/sld/generated': { params: SiteParams, response: { 200: SldView, ...errorReplies } },
  /** Newest first. */
  'GET /api/sites/:id/sld/versions': { params: SiteParams, response: { 200: Type.Array(SldVersion), ...errorReplies } },
  'GET /api/sites/:id/sld/versions/:version': { params: VersionParams, response: { 200: SldView, ...errorReplies } },
  /**
   * Publishes a new version. `baseVersion`: the version the editor started from (null: the generated one);
   * 409 when another has been saved since (the editor reloads and shows whose). 422: the diagram's issues.
   */
  'POST /api/sites/:id/sld/versions': {
    params: SiteParams,
    body: Type.Object(
      {
        diagram: Diagram,
        baseVersion: Nullable(Type.Integer({ minimum: 1 })),
        note: Type.Optional(Type.String({ maxLength: 500 })),
      },
      { additionalProperties: false },
    ),
    response: { 201: SldView, 422: SldRefusal, ...errorReplies },
  },
  /** A new version with an old one's content (422 when it no longer fits the site's devices). */
  'POST /api/sites/:id/sld/versions/:version/restore': {
    params: VersionParams,
    response: { 201: SldView, 422: SldRefusal, ...errorReplies },
  },

  /**
   * Starts (minutes > 0) or ends (minutes = 0) a simulated fault on a site (admins: `update` on `Site`).
   * 409 when the hub runs no simulator (real telemetry), 404 for a site it does not simulate.
   */
  'POST /api/simulator/faults': {
    body: Type.Object(
      {
        siteId: Type.String({ minLength: 1, maxLength: 64 }),
        fault: OneOf(simulatorFaults),
        minutes: Type.Number({ minimum: 0, maximum: 1440 }),
      },
      { additionalProperties: false },
    ),
    response: {
      200: Type.Object({ siteId: Type.String(), fault: OneOf(simulatorFaults), until: Nullable(Type.Integer()) }),
      ...errorReplies,
    },
  },
});
