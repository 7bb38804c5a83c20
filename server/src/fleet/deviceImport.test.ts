import { describe, expect, it } from 'vitest';
import type { DeviceWrite } from '../store/fleetWrites.ts';
import { formatCsv } from './csv.ts';
import { exportRows, planImport } from './deviceImport.ts';

const SITE = 'x';
const stored = (id: string, type: DeviceWrite['type'], parentId: string | null): DeviceWrite => ({
  id: `${SITE}.${id}`,
  siteId: SITE,
  type,
  name: id,
  model: '',
  firmware: '',
  serialNumber: '',
  ratedKw: null,
  protocol: 'modbus-tcp',
  address: '10.0.0.1:502',
  parentId: parentId && `${SITE}.${parentId}`,
});
const fleet = [stored('meter', 'meter', null), stored('brk', 'breaker', 'meter'), stored('bus', 'busbar', 'brk')];
const HEADER = 'id,type,name,parent,protocol,address';

describe('planImport', () => {
  it('reads back its own export as unchanged', () => {
    const plan = planImport(SITE, formatCsv(exportRows(SITE, fleet)), fleet);
    expect(plan.errors).toEqual([]);
    expect(plan.rows.map((r) => r.action)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect(plan.creates).toEqual([]);
  });

  it('takes parents from the file in any order, and lists the fields an update changes', () => {
    const csv = [
      HEADER,
      'inv,inverter,Inverter,tr,modbus-tcp,10.0.0.3:502',
      'tr,transformer,Transformer,fdr,modbus-tcp,10.0.0.2:502',
      'fdr,breaker,Feeder,bus,iec61850,10.0.0.4:102',
      'brk,breaker,Main,meter,modbus-tcp,10.0.0.1:502',
    ].join('\n');
    const plan = planImport(SITE, csv, fleet);
    expect(plan.errors).toEqual([]);
    expect(plan.rows.map((r) => [r.deviceId, r.action, r.changes])).toEqual([
      ['x.inv', 'create', []],
      ['x.tr', 'create', []],
      ['x.fdr', 'create', []],
      ['x.brk', 'update', ['name']],
    ]);
    expect(plan.creates.map((d) => d.parentId)).toEqual(['x.tr', 'x.fdr', 'x.bus']);
  });

  it('refuses a loop made by the file, naming each row in it', () => {
    const csv = [HEADER, 'brk,breaker,Main,bus,modbus-tcp,10.0.0.1:502'].join('\n');
    expect(planImport(SITE, csv, fleet).errors).toEqual([
      {
        line: 2,
        field: 'parent',
        message: 'A device cannot hang under itself or under a device that hangs under it',
        reason: { code: 'notOneOf' },
      },
    ]);
  });

  it('names a row of the wrong width, a broken quote, and a file without its id column', () => {
    expect(planImport(SITE, `${HEADER}\nmeter,meter`, fleet).errors[0]).toMatchObject({
      line: 2,
      field: null,
      message: 'The row has 2 fields, the header 6',
    });
    expect(planImport(SITE, `${HEADER}\n"meter,meter`, fleet).errors[0]).toMatchObject({
      line: 2,
      message: 'A quoted field is not closed',
    });
    expect(planImport(SITE, 'type,name\nmeter,M', fleet).errors).toEqual([
      expect.objectContaining({ line: 1, field: 'id', message: 'The column id is missing' }),
    ]);
    expect(planImport(SITE, '', fleet).errors).toEqual([
      expect.objectContaining({ line: 1, message: 'The file is empty' }),
    ]);
  });
});
