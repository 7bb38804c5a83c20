// A site's devices as a CSV file: the export (RFC 4180, the import's columns), and the import, previewed
// row by row, refused whole with each bad row's line and field (nothing written), applied in one go when
// right: new devices (parents anywhere in the file) and changes to existing ones, at once in the registry.
import { describe, expect, it } from 'vitest';
import { hubForTests } from '../hub.ts';
import { storeCases } from '../stores.ts';

const SITE = 'fr-occitanie';
const HEADER = 'id,type,name,parent,model,firmware,serial_number,rated_kw,protocol,address';

describe.each(storeCases('vs_fleet_csv'))('devices CSV on $driver', ({ overrides, drop }) => {
  const hub = hubForTests({ overrides, drop, signIn: ['admin', 'operator'] });
  const call = (method: string, route: string, body?: unknown, token = hub.tokens.admin) =>
    hub.server.request(method, route, { token, ...(body === undefined ? {} : { body }) });
  const importing = async (csv: string, apply: boolean) => {
    const response = await call('POST', `/api/sites/${SITE}/devices/import`, { csv, apply });
    return { status: response.status, body: await response.json() };
  };
  const stored = async () =>
    (await (await call('GET', `/api/admin/sites/${SITE}/devices`)).json()) as {
      id: string;
      name: string;
      parentId: string | null;
      firmware: string;
      address: string;
    }[];

  it('exports the site as RFC 4180 CSV, a name with a comma or a quote quoted, and imports it back unchanged', async () => {
    const camera = {
      id: 'cam9',
      type: 'camera',
      name: 'Camera 9, gate "B"',
      protocol: 'rtsp',
      address: 'rtsp://10.0.0.9/stream',
    };
    expect((await call('POST', `/api/sites/${SITE}/devices`, camera)).status).toBe(201);
    const response = await call('GET', `/api/sites/${SITE}/devices/export`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${SITE}-devices.csv"`);
    const csv = await response.text();
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines).toContain('cam9,camera,"Camera 9, gate ""B""",,,,,,rtsp,rtsp://10.0.0.9/stream');
    expect(lines).toContain('brk-main,breaker,Main breaker,meter,HVX 24 kV,,,,iec61850,10.0.1.10:502');
    expect(lines).toHaveLength((await stored()).length + 2);

    const again = await importing(csv, false);
    expect(again.status).toBe(200);
    expect(again.body.errors).toEqual([]);
    expect(new Set(again.body.rows.map((r: { action: string }) => r.action))).toEqual(new Set(['unchanged']));
    expect(again.body.rows[0]).toEqual({
      line: 2,
      deviceId: expect.stringMatching(/^fr-occitanie\./),
      action: 'unchanged',
      changes: [],
    });
  });

  it('refuses a bad file whole, naming each refused line, field and reason, and writes nothing', async () => {
    const before = await stored();
    const csv = [
      'id,type,name,parent,protocol,address,firmware',
      'tr50,transformer,Transformer 50,brk-f01,modbus-tcp,10.5.5.5:502,1.0',
      'inv50,inverter,Inverter 50,meter,modbus-tcp,10.5.5.6:502,1.0',
      'inv51,toaster,Toast,tr50,modbus-tcp,10.5.5.7:502,1.0',
      'inv52,inverter,,tr50,http,not a url,v1',
      'tr50,transformer,Again,brk-f01,modbus-tcp,10.5.5.8:502,1.0',
      'inv01,meter,Inverter 01,tr01,modbus-tcp,10.0.0.1:502,',
      'bad id,inverter,X,tr50,modbus-tcp,10.5.5.9:502,',
    ].join('\n');
    for (const apply of [false, true]) {
      const answer = await importing(csv, apply);
      expect(answer.status).toBe(apply ? 422 : 200);
      expect(answer.body.applied).toBe(false);
      expect(
        answer.body.errors.map(
          (e: { line: number; field: string | null; message: string; reason: { code: string } }) => [
            e.line,
            e.field,
            e.reason.code,
            e.message,
          ],
        ),
      ).toEqual([
        [3, 'parent', 'notOneOf', 'An inverter hangs only under a transformer, not under a meter'],
        [4, 'type', 'notOneOf', expect.stringMatching(/^Unknown type “toaster”: one of inverter/)],
        [5, 'name', 'required', 'This field is required.'],
        [5, 'firmware', 'regex', 'The format of the field is invalid.'],
        [5, 'address', 'url', 'The URL entered is invalid.'],
        [6, null, 'duplicateId', 'The id tr50 is also on line 2'],
        [7, 'type', 'notOneOf', "A device's type cannot change (it is inverter)"],
        [8, 'id', 'alphaDash', 'The field may only contain letters, numbers, dashes, and underscores.'],
      ]);
      expect(answer.body.rows.map((r: { line: number; action: string }) => [r.line, r.action])).toEqual([
        [2, 'create'],
        [3, 'create'],
      ]);
    }
    expect(await stored()).toEqual(before);
  });

  it('names an unknown column on line 1, and refuses a file of more than 5,000 rows', async () => {
    const unknown = await importing('id,type,colour\ninv01,inverter,blue', true);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual([
      {
        line: 1,
        field: 'colour',
        message: `Unknown column “colour”: the columns are ${HEADER}`,
        reason: { code: 'unknownColumn', params: { columns: HEADER } },
      },
    ]);
    const rows = Array.from({ length: 5001 }, (_, i) => `cam${i},camera,Camera ${i},,,,,,rtsp,rtsp://x`);
    const long = await call('POST', `/api/sites/${SITE}/devices/import`, {
      csv: [HEADER, ...rows].join('\n'),
      apply: false,
    });
    expect(long.status).toBe(400);
    expect((await long.json()).message).toBe('At most 5000 rows in a file (this one has 5001)');
  });

  it('previews, then applies in one go, new devices (a child before its parent) and changes to existing ones', async () => {
    const inv01 = (await stored()).find((d) => d.id === `${SITE}.inv01`) as { address: string };
    const csv = `\uFEFF${[
      'name,id,type,parent,protocol,address,firmware,rated_kw',
      'Inverter 60,inv60,inverter,tr60,modbus-tcp,10.6.6.1:502,3.1,250',
      '"Transformer 60, east",tr60,transformer,brk-f01,iec61850,10.6.6.0:102,,',
      `Inverter 01,inv01,inverter,tr01,modbus-tcp,${inv01.address},4.2,250`,
    ].join('\r\n')}\r\n`;
    const preview = await importing(csv, false);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      siteId: SITE,
      applied: false,
      errors: [],
      rows: [
        { line: 2, deviceId: `${SITE}.inv60`, action: 'create', changes: [] },
        { line: 3, deviceId: `${SITE}.tr60`, action: 'create', changes: [] },
        { line: 4, deviceId: `${SITE}.inv01`, action: 'update', changes: ['firmware'] },
      ],
    });
    expect((await stored()).some((d) => d.id === `${SITE}.inv60`)).toBe(false);

    const applied = await importing(csv, true);
    expect(applied.status).toBe(200);
    expect(applied.body.applied).toBe(true);
    const after = await stored();
    expect(after.find((d) => d.id === `${SITE}.inv60`)).toMatchObject({ parentId: `${SITE}.tr60`, firmware: '3.1' });
    expect(after.find((d) => d.id === `${SITE}.tr60`)?.name).toBe('Transformer 60, east');
    expect(after.find((d) => d.id === `${SITE}.inv01`)?.firmware).toBe('4.2');
    expect(hub.server.app.services.registry.seriesOfDevice(`${SITE}.inv60`).length).toBe(15);
    const events = (await (await call('GET', '/api/events?types=device_changed')).json()).items;
    expect(events[0].message.en).toBe('Amina Rahimi imported devices from a CSV file: 2 added, 1 changed');
  });

  it('refuses the export and the import to an operator', async () => {
    expect((await call('GET', `/api/sites/${SITE}/devices/export`, undefined, hub.tokens.operator)).status).toBe(403);
    const body = { csv: `${HEADER}\n`, apply: true };
    expect((await call('POST', `/api/sites/${SITE}/devices/import`, body, hub.tokens.operator)).status).toBe(403);
  });
  it('imports 5,000 rows in one go, at once in the registry', async () => {
    const rows = Array.from(
      { length: 4999 },
      (_, i) => `big${i},inverter,Inverter B${i},trbig,modbus-tcp,10.7.0.1:502`,
    );
    const csv = [
      HEADER.replace(',model,firmware,serial_number,rated_kw', ''),
      'trbig,transformer,Transformer B,brk-f02,modbus-tcp,10.7.0.0:502',
      ...rows,
    ].join('\n');
    const started = Date.now();
    const answer = await importing(csv, true);
    expect(answer.status).toBe(200);
    expect(answer.body.applied).toBe(true);
    expect(answer.body.rows).toHaveLength(5000);
    expect(Date.now() - started).toBeLessThan(15_000);
    const { registry } = hub.server.app.services;
    expect(registry.devicesOfSite(SITE).filter((d) => d.id.startsWith(`${SITE}.big`))).toHaveLength(4999);
    expect(registry.seriesIdByKey(`${SITE}.big4998/mppt_current:4`)).toBeGreaterThan(0);
  });
});
