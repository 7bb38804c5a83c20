// JSON schemas shared by several routes. Every route declares its body, params and response.
export const errorBody = {
  type: 'object',
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    reason: { type: 'object', additionalProperties: true },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    fields: { type: 'object', additionalProperties: { type: 'object', additionalProperties: true } },
  },
  required: ['code', 'message'],
} as const;

export const userData = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    fullName: { type: 'string' },
    username: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string' },
    avatar: { type: ['string', 'null'] },
    siteIds: { type: 'array', items: { type: 'string' } },
  },
  required: ['id', 'fullName', 'username', 'email', 'role', 'avatar', 'siteIds'],
} as const;

/** CASL rules: their conditions are free-form queries, so they pass through as they are. */
export const abilityRules = { type: 'array', items: { type: 'object', additionalProperties: true } } as const;

export const site = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    kind: { type: 'string' },
    latitude: { type: 'number' },
    longitude: { type: 'number' },
    timeZone: { type: 'string' },
    capacityKw: { type: 'number' },
    country: { type: 'string' },
  },
  required: ['id', 'name', 'kind', 'latitude', 'longitude', 'timeZone', 'capacityKw', 'country'],
} as const;

export const errorResponses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  429: errorBody,
} as const;

export const device = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    siteId: { type: 'string' },
    type: { type: 'string' },
    name: { type: 'string' },
    model: { type: 'string' },
    ratedKw: { type: ['number', 'null'] },
    protocol: { type: 'string' },
    address: { type: 'string' },
    parentId: { type: ['string', 'null'] },
    state: { type: 'string' },
    lastSeen: { type: ['number', 'null'] },
  },
  required: ['id', 'siteId', 'type', 'name', 'state', 'lastSeen'],
} as const;

export const idParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 120 } },
  required: ['id'],
} as const;
