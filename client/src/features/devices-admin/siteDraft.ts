// A site as its form edits it: every field as typed (so the seed's rules judge what the admin wrote),
// turned into the hub's body on sending. The id is written once, when the site is created.
import { siteKinds } from '@voltscope/shared/domain';
import { siteFields } from '@voltscope/shared/fleetFields';
import type { FieldSpec } from '@voltscope/shared/validation';
import { createSite, type ManagedSite, type SiteBody, updateSite } from './fleetAdminApi.ts';

export type SiteField = keyof typeof siteFields;
export type SiteDraft = Record<SiteField, string>;

const text = (value: number | null) => (value === null ? '' : String(value));
/** A typed number: empty is null (left to `required`), anything else as written (a typo is refused). */
export const numberOf = (value: string): number | null => (value.trim() === '' ? null : Number(value.trim()));

export const newSiteDraft = (): SiteDraft => ({
  id: '',
  name: '',
  kind: siteKinds[0],
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  country: '',
  latitude: '',
  longitude: '',
  capacityKw: '',
  gridLimitKw: '',
});

export const siteDraftOf = (site: ManagedSite): SiteDraft => ({
  id: site.id,
  name: site.name,
  kind: site.kind,
  timeZone: site.timeZone,
  country: site.country,
  latitude: text(site.latitude),
  longitude: text(site.longitude),
  capacityKw: text(site.capacityKw),
  gridLimitKw: text(site.gridLimitKw),
});

/** The rules of the form: the id's only while it is created. */
export function siteSpec(creating: boolean): FieldSpec {
  const { id, ...rest } = siteFields;
  return creating ? siteFields : rest;
}

export function siteBodyOf(draft: SiteDraft, creating: boolean): SiteBody {
  return {
    ...(creating && { id: draft.id.trim() }),
    name: draft.name.trim(),
    kind: draft.kind,
    timeZone: draft.timeZone,
    country: draft.country.trim().toUpperCase(),
    latitude: numberOf(draft.latitude),
    longitude: numberOf(draft.longitude),
    capacityKw: numberOf(draft.capacityKw),
    gridLimitKw: numberOf(draft.gridLimitKw),
  };
}

let zones: string[] | null = null;
/** Every IANA time zone the browser knows (read once), with `current` where the browser's list lacks it
 * (`UTC`, an alias a site was stored with). */
export function zonesWith(current: string): string[] {
  zones ??= Intl.supportedValuesOf('timeZone');
  return current === '' || zones.includes(current) ? zones : [current, ...zones];
}

/** Saves the form: a new site, or the one with `id`. */
export const createOrUpdate = (id: string | null, body: SiteBody): Promise<ManagedSite> =>
  id === null ? createSite(body) : updateSite(id, body);
