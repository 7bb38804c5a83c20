// The demo fleet's badge roster: per site a crew (all doors, 06:00 to 20:00 site time), contractors (the
// main gate only, 08:00 to 17:00) and a few badges that no longer open anything (expired, revoked).
// Names in the site's languages; badge numbers as a reader sends them (site prefix, serial).

export type Holder = 'crew' | 'contractor';

export interface Badge {
  badge: string;
  person: string;
  holder: Holder;
  status: 'valid' | 'expired' | 'revoked';
  /** Local hours [from, to) the badge opens doors. */
  hours: readonly [number, number];
  /** Whether it opens only the main gate (contractors). */
  gateOnly: boolean;
}

/** Crew then contractors, per country of the demo sites; unknown countries use the French list. */
const peopleOf: Record<string, { crew: string[]; contractors: string[] }> = {
  FR: {
    crew: ['Camille Martin', 'Julien Bernard', 'Léa Dubois', 'Thomas Moreau', 'Chloé Laurent', 'Nicolas Lefèvre'],
    contractors: ['Hugo Girard', 'Manon Roux', 'Antoine Fournier'],
  },
  MA: {
    crew: ['Youssef El Amrani', 'Fatima Zahra Benali', 'Mehdi Alaoui', 'Salma Idrissi', 'Omar Tazi', 'Nadia Berrada'],
    contractors: ['Karim Chraibi', 'Imane Lahlou', 'Rachid Bennani'],
  },
  IR: {
    crew: ['علی رضایی', 'مریم احمدی', 'حسین کریمی', 'زهرا محمدی', 'رضا حسینی', 'فاطمه موسوی'],
    contractors: ['مهدی جعفری', 'سارا نوری', 'امیر قاسمی'],
  },
  ES: {
    crew: ['Lucía García', 'Javier Martínez', 'Carmen López', 'Diego Sánchez', 'Elena Romero', 'Pablo Navarro'],
    contractors: ['Sergio Torres', 'Marta Ruiz', 'Álvaro Domínguez'],
  },
};

/** A site's badges: six crew, three contractors (one expired), and a crew member's old badge, revoked. */
export function rosterOf(siteId: string, country: string): Badge[] {
  const people = peopleOf[country] ?? (peopleOf.FR as { crew: string[]; contractors: string[] });
  const prefix = siteId.slice(0, 2).toUpperCase();
  let serial = 0;
  const badge = () => `${prefix}-${String(1001 + serial++ * 7).padStart(5, '0')}`;
  const crew: Badge[] = people.crew.map((person) => ({
    badge: badge(),
    person,
    holder: 'crew',
    status: 'valid',
    hours: [6, 20],
    gateOnly: false,
  }));
  const contractors: Badge[] = people.contractors.map((person, i) => ({
    badge: badge(),
    person,
    holder: 'contractor',
    status: i === people.contractors.length - 1 ? 'expired' : 'valid',
    hours: [8, 17],
    gateOnly: true,
  }));
  const revoked: Badge = { ...(crew[0] as Badge), badge: badge(), status: 'revoked' };
  return [...crew, ...contractors, revoked];
}
